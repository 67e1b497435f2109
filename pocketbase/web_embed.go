//go:build embedweb

package main

import (
	"embed"
	"io/fs"
)

// The release build copies dist/ here first (go:embed cannot reach a parent folder).
//
//go:embed all:dist
var dist embed.FS

// embeddedWeb is the built PWA compiled into a release binary.
func embeddedWeb() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}
