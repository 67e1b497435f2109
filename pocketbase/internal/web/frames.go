package web

import (
	"bytes"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
)

// A frame is a page prerendered at build time (dist/pages/, or the app shell), read once per
// version of its file: its generic title and description taken out, and the places the server
// fills found once, so a page is put together by copying, never by searching.
type frame struct {
	name    string
	version string
	body    []byte
	head    int    // the first </head>, where a page's own head lines go; -1 when there is none
	slot    [2]int // the first box reserved for the largest picture; -1 when there is none
	class   string // the class of that box, which its picture takes
	fill    [2]int // the inside of the box the server fills with the page's own markup; -1 when none
}

var (
	builtHead = regexp.MustCompile(`(?s)\s*<title>.*?</title>|\s*<meta name="description"[^>]*>`)
	lcpSlot   = regexp.MustCompile(`<div class="([^"]*)" aria-hidden="true" data-lcp-slot="true"></div>`)
	fillSlot  = regexp.MustCompile(`<div[^>]* data-server-fill="true"[^>]*>()</div>`)
)

func parseFrame(name, version string, raw []byte) *frame {
	f := &frame{name: name, version: version, body: builtHead.ReplaceAll(raw, nil), slot: [2]int{-1, -1}, fill: [2]int{-1, -1}}
	f.head = bytes.Index(f.body, []byte("</head>"))
	if m := lcpSlot.FindSubmatchIndex(f.body); m != nil {
		f.slot = [2]int{m[0], m[1]}
		f.class = string(f.body[m[2]:m[3]])
	}
	if m := fillSlot.FindSubmatchIndex(f.body); m != nil {
		f.fill = [2]int{m[2], m[3]}
	}
	return f
}

// render is the frame with the page's head lines before its </head> and, when the page has a
// largest picture, its preload ahead of them and its <img> in the reserved box, and the page's own
// markup in the box kept for it.
func (f *frame) render(head, preload, img, fill string) []byte {
	type edit struct {
		at, end int
		text    string
	}
	var edits []edit
	if f.head >= 0 {
		edits = append(edits, edit{f.head, f.head, preload + head})
	}
	if preload != "" && f.slot[0] >= 0 {
		edits = append(edits, edit{f.slot[0], f.slot[1], strings.Replace(img, `class=""`, `class="`+f.class+`"`, 1)})
	}
	if fill != "" && f.fill[0] >= 0 {
		edits = append(edits, edit{f.fill[0], f.fill[1], fill})
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.at - b.at })
	out := make([]byte, 0, len(f.body)+len(head)+len(preload)+len(img)+len(fill))
	from := 0
	for _, e := range edits {
		out = append(out, f.body[from:e.at]...)
		out = append(out, e.text...)
		from = e.end
	}
	return append(out, f.body[from:]...)
}

// fileVersion names a version of a file (name, size and modification time), so a dist/ replaced
// under a running server is read again.
func fileVersion(fsys fs.FS, name string) (string, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s|%d|%d", name, info.Size(), info.ModTime().UnixNano()), nil
}
