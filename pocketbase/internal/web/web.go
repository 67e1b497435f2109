package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/accept"
	"studio/server/internal/catalog"
	"studio/server/internal/edge"
	"studio/server/internal/guard"
)

// Handler serves the built PWA from web (a directory on disk or the FS embedded in a release
// binary). The build writes a Brotli (.br) and a gzip (.gz) copy beside every text file; the
// copy the browser accepts is sent, so nothing is compressed per request. Client routes such as
// /book/abc get their prerendered page (or the app shell), so a deep link survives a reload; a
// missing file (/assets/…, /icons/x.png) is a plain 404, never the app page, so a stale
// reference fails visibly instead of being run as HTML. Pages are kept per catalogue version
// (pages.go).
func Handler(web fs.FS, version *catalog.Version) func(*core.RequestEvent) error {
	files := &staticFiles{fsys: web}
	pages := newPages(web, version)
	return func(e *core.RequestEvent) error {
		p := e.Request.URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" || strings.HasPrefix(p, "/_/") {
			return e.NotFoundError("", nil)
		}
		name := strings.TrimPrefix(path.Clean("/"+p), "/")
		if name != "" && !hidden(name) {
			if info, err := fs.Stat(web, name); err == nil && !info.IsDir() {
				setCacheControl(e, name)
				return files.serve(e, name)
			}
		}
		if looksLikeFile(name) {
			e.Response.Header().Set("Cache-Control", "no-cache")
			return e.String(http.StatusNotFound, "Not found\n")
		}
		e.Response.Header().Set("Cache-Control", "no-cache")
		return pages.serve(e, name)
	}
}

// Hashed build assets never change under their name; everything else (sw.js, the manifest,
// icons) is revalidated by browsers so a new release reaches people on their next visit, and kept
// by a shared cache until the release's start purges it.
func setCacheControl(e *core.RequestEvent, name string) {
	switch {
	case strings.HasPrefix(name, "assets/") && guard.CarriesIdentity(e.Request):
		e.Response.Header().Set("Cache-Control", "private, max-age=31536000, immutable")
	case strings.HasPrefix(name, "assets/"):
		e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	default:
		edge.Share(e.Response.Header(), e.Request, time.Time{})
	}
}

// Build metadata (dist/.vite/manifest.json) and other dot files are not the site's to serve.
func hidden(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return false
}

// Client routes have no extension (/book/abc, /gallery); a path naming a file is a file request.
func looksLikeFile(name string) bool {
	return strings.HasPrefix(name, "assets/") || hidden(name) || path.Ext(name) != ""
}

// The page of a client route: its frame prerendered at build time (dist/pages/, written by
// scripts/build-prerender.mjs) when there is one, else the app shell. A book's frame serves every
// book id.
func pageFor(web fs.FS, route string) string {
	candidates := []string{"pages/" + route + ".html"}
	switch segments := strings.Split(route, "/"); {
	case route == "":
		candidates = []string{"pages/home.html"}
	case len(segments) == 2 && segments[1] != "":
		candidates = append(candidates, "pages/"+segments[0]+"/_id.html")
	case len(segments) == 3 && segments[0] == "verify":
		candidates = []string{"pages/verify/_entry.html"}
	}
	for _, page := range candidates {
		if !hidden(page) && fileExists(web, page) {
			return page
		}
	}
	return "index.html"
}

func fileExists(web fs.FS, name string) bool {
	info, err := fs.Stat(web, name)
	return err == nil && !info.IsDir()
}

type staticFiles struct {
	fsys  fs.FS
	etags sync.Map // file version → strong ETag of its content
}

func (s *staticFiles) serve(e *core.RequestEvent, name string) error {
	h := e.Response.Header()
	encoding, served := "", name
	br, gz := fileExists(s.fsys, name+".br"), fileExists(s.fsys, name+".gz")
	if br || gz {
		h.Add("Vary", "Accept-Encoding")
		accepted := accept.Encodings(e.Request.Header.Get("Accept-Encoding"))
		switch {
		case br && accepted["br"]:
			encoding, served = "br", name+".br"
		case gz && accepted["gzip"]:
			encoding, served = "gzip", name+".gz"
		}
	}
	body, err := fs.ReadFile(s.fsys, served)
	if err != nil {
		return e.NotFoundError("", err)
	}
	if ctype := contentType(name); ctype != "" {
		h.Set("Content-Type", ctype)
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	h.Set("ETag", s.etag(served, body))
	http.ServeContent(e.Response, e.Request, name, time.Time{}, bytes.NewReader(body))
	return nil
}

// etag: a strong validator of the file's content, remembered per version of the file (name, size
// and modification time), so a dist/ replaced under a running server is never answered 304.
func (s *staticFiles) etag(name string, body []byte) string {
	key := name
	if info, err := fs.Stat(s.fsys, name); err == nil {
		key = fmt.Sprintf("%s|%d|%d", name, info.Size(), info.ModTime().UnixNano())
	}
	if tag, ok := s.etags.Load(key); ok {
		return tag.(string)
	}
	sum := sha256.Sum256(body)
	tag := `"` + hex.EncodeToString(sum[:12]) + `"`
	s.etags.Store(key, tag)
	return tag
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".webmanifest":
		return "application/manifest+json"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	}
	return mime.TypeByExtension(path.Ext(name))
}
