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

func init() {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	embeddedWeb = sub
}
