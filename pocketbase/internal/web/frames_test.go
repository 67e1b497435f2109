package web

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The way a page was filled before frames were read once: the preload and picture put in, then
// the generic title and description searched for and taken out, on every request.
func filledBySearching(raw []byte, tags, preload, img string) []byte {
	page := raw
	if preload != "" {
		page = bytes.Replace(page, []byte("</head>"), []byte(preload+"</head>"), 1)
		done := false
		page = lcpSlot.ReplaceAllFunc(page, func(slot []byte) []byte {
			if done {
				return slot
			}
			done = true
			class := lcpSlot.FindSubmatch(slot)[1]
			return []byte(strings.Replace(img, `class=""`, `class="`+string(class)+`"`, 1))
		})
	}
	page = builtHead.ReplaceAll(page, nil)
	return []byte(strings.Replace(string(page), "</head>", tags+"</head>", 1))
}

func TestAFrameFillsAsSearchingDid(t *testing.T) {
	frames := map[string][]byte{
		"plain": []byte("<html><head>\n  <title>Studio</title>\n  <meta name=\"description\" content=\"x\">\n<style>a{}</style></head><body>" +
			`<div class="thumb wide" aria-hidden="true" data-lcp-slot="true"></div><div class="b" aria-hidden="true" data-lcp-slot="true"></div>` +
			"<svg><title>icon</title></svg></body></html>"),
		"no slot":  []byte("<html><head><title>A</title></head><body><p>text</p></body></html>"),
		"no head":  []byte("<p>no head at all</p>"),
		"two tops": []byte("<head><title>A</title></head><body></head></body>"),
	}
	// The real frames of the build, when it has been built.
	if dir, err := filepath.Glob("../../../dist/pages/*.html"); err == nil {
		for _, name := range append(dir, "../../../dist/index.html") {
			if raw, err := os.ReadFile(name); err == nil {
				frames[name] = raw
			}
		}
	}
	tags := "<title>Moonlit Fox · Lanternwood Studio</title>\n<meta name=\"description\" content=\"A fox.\">\n"
	preload := `<link rel="preload" as="image" href="/api/files/x/y/fox.png?thumb=800x0">`
	img := `<img class="" src="/api/files/x/y/fox.png?thumb=800x0" alt="Moonlit Fox">`
	for name, raw := range frames {
		f := parseFrame(name, "v", raw)
		for _, lcp := range [][2]string{{"", ""}, {preload, img}} {
			want := filledBySearching(raw, tags, lcp[0], lcp[1])
			if got := f.render(tags, lcp[0], lcp[1], ""); !bytes.Equal(got, want) {
				t.Errorf("%s (picture %v): filled differently\n got %q\nwant %q", name, lcp[0] != "", got, want)
			}
		}
	}
}

func TestAFrameFillsTheServersBoxOnly(t *testing.T) {
	raw := []byte(`<html><head><title>A</title></head><body><section><div class="states" data-server-fill="true"></div></section><div data-server-fill="true"></div></body></html>`)
	f := parseFrame("commissions", "v", raw)
	got := string(f.render("", "", "", "<ul><li>Open</li></ul>"))
	want := `<html><head></head><body><section><div class="states" data-server-fill="true"><ul><li>Open</li></ul></div></section><div data-server-fill="true"></div></body></html>`
	if got != want {
		t.Errorf("filled\n got %q\nwant %q", got, want)
	}
	if empty := string(f.render("", "", "", "")); empty != `<html><head></head><body><section><div class="states" data-server-fill="true"></div></section><div data-server-fill="true"></div></body></html>` {
		t.Errorf("nothing to fill changed the frame: %q", empty)
	}
}
