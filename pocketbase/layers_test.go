package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The packages of internal/ from the bottom up (docs/decisions/019-the-host-in-packages.md): each
// may import only packages before it, so a concern never reaches up into one built on it.
var layers = []string{"env", "accept", "catalog", "access", "guard", "mail", "cache", "pictures", "editions", "heads", "web", "replication"}

func TestNoPackageImportsOneAboveIt(t *testing.T) {
	dirs, err := os.ReadDir("internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		if !dir.IsDir() {
			continue
		}
		level := slices.Index(layers, dir.Name())
		if level < 0 {
			t.Errorf("internal/%s is in no layer: add it to the list here and to decision 019", dir.Name())
			continue
		}
		files, _ := filepath.Glob(filepath.Join("internal", dir.Name(), "*.go"))
		for _, file := range files {
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, spec := range f.Imports {
				path, _ := strconv.Unquote(spec.Path.Value)
				name, ours := strings.CutPrefix(path, "studio/server/internal/")
				if ours && slices.Index(layers, name) >= level {
					t.Errorf("%s imports %s, which is not below it", file, path)
				}
			}
		}
	}
}
