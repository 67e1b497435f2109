package main

import (
	"go/ast"
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
var layers = []string{"env", "accept", "catalog", "access", "guard", "mail", "edge", "cache", "pictures", "editions", "downloads", "heads", "web", "replication"}

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

// Package main reads top-down too: main.go wires, and each file may use what is declared in
// itself or in files after it in this list, never in one before it (a file that reaches back up
// is a circle within main). web_embed.go and web_disk.go are the two builds of one function.
var mainFiles = []string{"main.go", "settings_env.go", "webfs.go", "web_embed.go", "web_disk.go", "malloc_linux.go"}

func TestMainReadsTopDown(t *testing.T) {
	found, _ := filepath.Glob("*.go")
	parsed := map[string]*ast.File{}
	declaredIn := map[string][]int{} // a top-level name: the places in mainFiles of the files declaring it
	for _, file := range found {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		level := slices.Index(mainFiles, file)
		if level < 0 {
			t.Errorf("%s is in no place of package main's order: add it to mainFiles here", file)
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed[file] = f
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declaredIn[d.Name.Name] = append(declaredIn[d.Name.Name], level)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch sp := spec.(type) {
					case *ast.ValueSpec:
						for _, name := range sp.Names {
							declaredIn[name.Name] = append(declaredIn[name.Name], level)
						}
					case *ast.TypeSpec:
						declaredIn[sp.Name.Name] = append(declaredIn[sp.Name.Name], level)
					}
				}
			}
		}
	}
	if len(declaredIn["applyEnvSettings"]) == 0 || len(declaredIn["webFS"]) == 0 {
		t.Fatal("the declarations of package main were not read")
	}
	for file, f := range parsed {
		level := slices.Index(mainFiles, file)
		var visit func(ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				ast.Inspect(n.X, visit) // in x.Name, Name is a field or a package's, never a file's of ours
				return false
			case *ast.Ident:
				for _, at := range declaredIn[n.Name] {
					if at < level && !slices.Contains(declaredIn[n.Name], level) {
						t.Errorf("%s uses %s, declared in %s above it", file, n.Name, mainFiles[at])
					}
				}
			}
			return true
		}
		for _, decl := range f.Decls {
			ast.Inspect(decl, visit)
		}
	}
}
