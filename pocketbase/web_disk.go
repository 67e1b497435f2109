//go:build !embedweb

package main

import "io/fs"

// embeddedWeb is nothing in a development build, which serves dist/ from disk so a rebuild of the
// PWA needs no Go build.
func embeddedWeb() fs.FS {
	return nil
}
