package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
)

func testPages(t *testing.T) (*pages, fstest.MapFS, *catalog.Version) {
	t.Helper()
	web := fstest.MapFS{"pages/about.html": {Data: []byte("<head><title>x</title></head><body>about</body>"), ModTime: time.Unix(1, 0)}}
	version := &catalog.Version{}
	return newPages(web, version), web, version
}

func testPage(t *testing.T, p *pages, head string) *page {
	t.Helper()
	made, err := p.build("pages/about.html", http.StatusOK, head, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	return made
}

func TestAKeptPageLastsUntilTheCatalogueMoves(t *testing.T) {
	p, _, version := testPages(t)
	v := version.Load()
	p.store("about", v, testPage(t, p, "<title>About</title>"))
	if p.get("about", v) == nil {
		t.Fatal("the page just made is not kept")
	}
	version.Move(catalog.Change{})
	if p.get("about", version.Load()) != nil {
		t.Fatal("a page of the old catalogue is still served")
	}
	// A page made from the old catalogue, finished after the write, is not kept.
	p.store("about", v, testPage(t, p, "<title>Old</title>"))
	if p.get("about", version.Load()) != nil {
		t.Fatal("a page made before a write was kept after it")
	}
	p.store("about", version.Load(), testPage(t, p, "<title>New</title>"))
	if kept := p.get("about", version.Load()); kept == nil || kept.head != "<title>New</title>" {
		t.Fatal("the page of the new catalogue is not kept")
	}
}

func TestAKeptPageGoesWithItsFrame(t *testing.T) {
	p, web, version := testPages(t)
	p.store("about", version.Load(), testPage(t, p, "<title>About</title>"))
	web["pages/about.html"] = &fstest.MapFile{Data: []byte("<head><title>y</title></head><body>a new build</body>"), ModTime: time.Unix(2, 0)}
	if p.get("about", version.Load()) != nil {
		t.Fatal("a page of a replaced frame is still served")
	}
}

func TestKeptPagesAreBounded(t *testing.T) {
	p, _, version := testPages(t)
	v := version.Load()
	made := testPage(t, p, "<title>About</title>")
	for i := range pagesMaxEntries + 50 {
		p.store(fmt.Sprintf("gallery/piece-%d", i), v, made)
	}
	if len(p.kept) > pagesMaxEntries || p.bytes > pagesMaxBytes {
		t.Fatalf("%d pages, %d bytes kept; the bound is %d pages, %d bytes", len(p.kept), p.bytes, pagesMaxEntries, pagesMaxBytes)
	}
	if p.get("gallery/piece-0", v) != nil {
		t.Error("the oldest page was not the first to go")
	}
	if p.get(fmt.Sprintf("gallery/piece-%d", pagesMaxEntries+49), v) == nil {
		t.Error("the newest page is not kept")
	}
}

func TestAConditionalRequestIsAnsweredFromTheTag(t *testing.T) {
	p, _, _ := testPages(t)
	made := testPage(t, p, "<title>About</title>")
	for _, encoding := range []string{"", "gzip", "br"} {
		ask := func(etag string) *httptest.ResponseRecorder {
			e := &core.RequestEvent{}
			e.Request = httptest.NewRequest(http.MethodGet, "/about", nil)
			e.Request.Header.Set("Accept-Encoding", encoding)
			if etag != "" {
				e.Request.Header.Set("If-None-Match", etag)
			}
			rec := httptest.NewRecorder()
			e.Response = rec
			if err := send(e, made); err != nil {
				t.Fatal(err)
			}
			return rec
		}
		first := ask("")
		if first.Code != http.StatusOK || first.Body.Len() == 0 || first.Header().Get("ETag") == "" {
			t.Fatalf("encoding %q: first answer %d, %d bytes, ETag %q", encoding, first.Code, first.Body.Len(), first.Header().Get("ETag"))
		}
		made.frame = nil // a 304 that put the page together would panic here
		again := ask(first.Header().Get("ETag"))
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Fatalf("encoding %q: a conditional request got %d with %d bytes", encoding, again.Code, again.Body.Len())
		}
		made = testPage(t, p, "<title>About</title>")
	}
}
