//go:build linux && cgo

package main

// The WebP encoder (libwebp, through cgo) allocates with glibc's malloc on whichever thread the Go
// scheduler runs it, and glibc gives each such thread an arena of its own that it rarely hands
// back: under the soak's uploads that held 20 to 30 MB. Two arenas serve the encoder as well. The
// limit is set by a constructor, at load, before the Go runtime starts its threads (from a Go init
// it came too late to hold back all of them); MALLOC_ARENA_MAX in the environment would do the
// same, but only if every way of starting the server remembered to set it.

/*
#include <malloc.h>

// glibc only: other C libraries have no per-thread arenas to limit.
#ifdef M_ARENA_MAX
__attribute__((constructor)) static void studio_limit_malloc_arenas(void) {
	mallopt(M_ARENA_MAX, 2);
}
#endif
*/
import "C"
