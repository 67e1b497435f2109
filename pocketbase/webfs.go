package main

import (
	"io/fs"
	"os"
	"path/filepath"
)

// webFS chooses what the server serves: STUDIO_WEB_DIR when set, else the build embedded in a
// release binary (web_embed.go; a development build has none, web_disk.go), else dist/ beside the
// project.
func webFS(root string) fs.FS {
	if dir := os.Getenv("STUDIO_WEB_DIR"); dir != "" {
		return os.DirFS(dir)
	}
	if embedded := embeddedWeb(); embedded != nil {
		return embedded
	}
	return os.DirFS(filepath.Join(root, "dist"))
}

// projectRoot is where pb_hooks/ and pb_migrations/ live: STUDIO_ROOT, else the working
// directory when it holds them, else the folder of the binary (a release folder started from
// anywhere).
func projectRoot() string {
	if root := os.Getenv("STUDIO_ROOT"); root != "" {
		return root
	}
	if _, err := os.Stat("pb_hooks"); err == nil {
		return "."
	}
	if exe, err := os.Executable(); err == nil {
		dir := filepath.Dir(exe)
		if _, err := os.Stat(filepath.Join(dir, "pb_hooks")); err == nil {
			return dir
		}
	}
	return "."
}
