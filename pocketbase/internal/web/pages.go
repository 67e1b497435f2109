package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"

	"studio/server/internal/accept"
	"studio/server/internal/catalog"
	"studio/server/internal/edge"
	"studio/server/internal/editions"
	"studio/server/internal/guard"
	"studio/server/internal/heads"
)

// A page is put together once per address and catalogue version, and compressed once: its head
// and largest picture from the catalogue (package heads), in its frame (frames.go). Any write that
// may change a page moves the version, and the pages of older versions are dropped.
//
// Addresses are free for anyone to invent, so only pages that exist are kept by address: every
// made-up address gets the one kept 404 page, found by reading the address (and, for a book's or
// a piece's id, one look-up), and the studio app's addresses, which all show the same page, are
// kept once per frame. What is kept is bounded anyway (a catalogue of thousands of pieces fits);
// past the bound the oldest page goes first.
const (
	pagesMaxEntries = 4000
	pagesMaxBytes   = 24 << 20
	notFoundKey     = "\x00404"
	orderKey        = "\x00order"
)

type pages struct {
	web     fs.FS
	version *catalog.Version
	flight  singleflight.Group

	mu     sync.Mutex
	frames map[string]*frame
	at     uint64 // the catalogue version of the pages kept
	kept   map[string]*page
	order  []string // keys in the order they were kept, the oldest first
	bytes  int
}

// page is a kept answer: its status and, compressed and not, its ETag; the uncompressed body is
// put together again when asked for (a copy of the frame and a few KB), the compressed ones kept.
type page struct {
	status    int
	redirect  string
	frame     *frame
	head      string
	preload   string
	img       string
	fill      string
	until     time.Time // kept until then: what the page shows changes by itself at that time
	board     uint64    // the commission board's version it was made from, for a page that shows the board
	onBoard   bool      // whether it shows the board: only then does a board write replace it
	plainTag  string
	gzipped   []byte
	gzipTag   string
	brotli    []byte
	brotliTag string
}

func (p *page) size() int {
	return len(p.head) + len(p.preload) + len(p.img) + len(p.fill) + len(p.gzipped) + len(p.brotli) + 128
}

func newPages(web fs.FS, version *catalog.Version) *pages {
	return &pages{web: web, version: version, frames: map[string]*frame{}, kept: map[string]*page{}}
}

// serve answers a client route with its page, kept or made now. The limit counts every page
// request, kept or not: a kept page is cheap, but not free for whoever sends thousands.
func (p *pages) serve(e *core.RequestEvent, route string) error {
	if !guard.PageAllowed(e) {
		return guard.TooManyPages(e)
	}
	address := heads.Parse(route)
	key := route
	switch address.Kind {
	case heads.Unknown:
		key = notFoundKey
	case heads.Admin:
		key = "\x00admin " + pageFor(p.web, route)
	case heads.Order:
		// Every order shows the same page, kept once; the address, which carries the order's key,
		// is never a key of what is kept, and nothing between here and the browser may keep it.
		key = orderKey
		if !heads.OrderKeyMatches(e.App, address.ID, e.Request.URL.Query().Get("key")) {
			key = notFoundKey
		}
		e.Response.Header().Set("Referrer-Policy", "no-referrer")
	case heads.Verify:
		// A number no edition can have shares its edition's one "no such number" page; an edition
		// nobody made is the 404's (make finds none and keeps nothing under this key).
		if editions.ParseNumber(address.Words) == 0 {
			key = "\x00verify " + address.ID
		}
	}
	version, board := p.version.Load(), p.version.LoadBoard()
	kept := p.get(key, version)
	if kept == nil {
		made, err, _ := p.flight.Do(key, func() (any, error) { return p.make(e.App, address, key, version, board) })
		if err != nil {
			return e.NotFoundError("", err)
		}
		kept = made.(*page)
	}
	if kept.redirect != "" {
		to := kept.redirect
		if q := e.Request.URL.RawQuery; q != "" {
			to += "?" + q
		}
		return e.Redirect(http.StatusMovedPermanently, to)
	}
	switch address.Kind {
	case heads.Order, heads.Private, heads.Admin:
		edge.Private(e.Response.Header())
	default:
		edge.Share(e.Response.Header(), e.Request, kept.until, pageTags(address, kept)...)
	}
	return send(e, kept)
}

// pageTags name what a public page shows, for a cache in front to forget it when that changes
// (package edge): its piece, its world, the lists, the commission board. Every made-up address
// shares the 404, which a new piece may turn into its page: the lists, whatever the address says.
func pageTags(a heads.Address, kept *page) []string {
	switch {
	case kept.status == http.StatusNotFound:
		return []string{edge.TagLists}
	case a.Kind == heads.Piece || a.Kind == heads.Book:
		return []string{edge.PieceTag(a.ID)}
	case a.Route == "pebblewick" || a.Route == "cryptids":
		return []string{edge.WorldTag(a.Route)}
	case heads.ShowsBoard(a):
		return []string{edge.TagBoard}
	case a.Route == "" || a.Route == "gallery":
		return []string{edge.TagLists}
	}
	return nil
}

// make resolves the address against the catalogue and puts its page together. An old piece
// address is a redirect, and is not kept: its words are anyone's to make up.
func (p *pages) make(app core.App, address heads.Address, key string, version, board uint64) (*page, error) {
	if key == notFoundKey {
		return p.notFound(app, version)
	}
	resolved := heads.Resolve(app, address)
	switch {
	case resolved.Redirect != "":
		return &page{status: resolved.Status, redirect: resolved.Redirect}, nil
	case resolved.Status == http.StatusNotFound && resolved.Address.Kind != heads.Verify:
		// A number an edition never issued is a 404 of its own, which says so.
		return p.notFound(app, version)
	}
	name := pageFor(p.web, address.Route)
	preload, img := "", ""
	if resolved.Status == http.StatusOK && name != "index.html" {
		preload, img = resolved.LCP()
	}
	fill, until := resolved.Body()
	made, err := p.build(name, resolved.Status, resolved.Head(heads.SiteURL(app)), preload, img, fill)
	if err != nil {
		return nil, err
	}
	made.until = until
	made.onBoard, made.board = heads.ShowsBoard(address), board
	p.store(key, version, made)
	return made, nil
}

func (p *pages) notFound(app core.App, version uint64) (*page, error) {
	if kept := p.get(notFoundKey, version); kept != nil {
		return kept, nil
	}
	nf := heads.NotFound()
	made, err := p.build(pageFor(p.web, "404"), nf.Status, nf.Head(heads.SiteURL(app)), "", "", "")
	if err != nil {
		return nil, err
	}
	p.store(notFoundKey, version, made)
	return made, nil
}

func (p *pages) build(name string, status int, head, preload, img, fill string) (*page, error) {
	f, err := p.frame(name)
	if err != nil {
		return nil, err
	}
	made := &page{status: status, frame: f, head: head, preload: preload, img: img, fill: fill}
	plain := made.plain()
	made.plainTag = etagOf(plain)
	made.gzipped = compress(plain, func(w io.Writer) io.WriteCloser {
		gz, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
		return gz
	})
	made.gzipTag = etagOf(made.gzipped)
	made.brotli = compress(plain, func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, pageBrotliLevel) })
	made.brotliTag = etagOf(made.brotli)
	return made, nil
}

// compress returns body as encoded by the writer into makes. It writes to a buffer, which cannot
// fail, so errors are not checked.
func compress(body []byte, into func(io.Writer) io.WriteCloser) []byte {
	var buf bytes.Buffer
	w := into(&buf)
	_, _ = w.Write(body)
	_ = w.Close()
	return buf.Bytes()
}

// A page's first answer must fit the first window a new connection carries (10 packets, about
// 14.6 KB with the headers), or a phone waits one more round trip before anything paints: gzipped,
// /commissions was 15.2 KB on the wire. Brotli at 6 makes its body 12.7 KB for 2.5 ms of work;
// 10 saves 800 bytes more for 36 ms, paid by whoever asks first for each page after every
// catalogue write, and by every crawler walking the pages then.
const pageBrotliLevel = 6

func (pg *page) plain() []byte { return pg.frame.render(pg.head, pg.preload, pg.img, pg.fill) }

func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// frame is the built page name, read again only when its file changed.
func (p *pages) frame(name string) (*frame, error) {
	version, err := fileVersion(p.web, name)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	f := p.frames[name]
	p.mu.Unlock()
	if f != nil && f.version == version {
		return f, nil
	}
	raw, err := fs.ReadFile(p.web, name)
	if err != nil {
		return nil, err
	}
	f = parseFrame(name, version, raw)
	p.mu.Lock()
	p.frames[name] = f
	p.mu.Unlock()
	return f, nil
}

// get is the page kept under key for this catalogue version and the current version of its
// frame's file, nil when there is none.
func (p *pages) get(key string, version uint64) *page {
	p.mu.Lock()
	kept := p.kept[key]
	current := p.at == version
	p.mu.Unlock()
	if kept == nil || !current || (!kept.until.IsZero() && !time.Now().Before(kept.until)) || (kept.onBoard && kept.board != p.version.LoadBoard()) {
		return nil
	}
	if f, err := p.frame(kept.frame.name); err != nil || f != kept.frame {
		return nil
	}
	return kept
}

// store keeps a page made at version, unless the catalogue has moved on since: a page made from
// rows a write has replaced is never kept.
func (p *pages) store(key string, version uint64, made *page) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if current := p.version.Load(); current != version || (made.onBoard && p.version.LoadBoard() != made.board) {
		return
	}
	if p.at != version {
		p.at = version
		clear(p.kept)
		p.order = p.order[:0]
		p.bytes = 0
	}
	if old := p.kept[key]; old != nil {
		p.bytes -= len(key) + old.size()
		delete(p.kept, key)
	}
	size := len(key) + made.size()
	for len(p.order) > 0 && (len(p.kept) >= pagesMaxEntries || p.bytes+size > pagesMaxBytes) {
		oldest := p.order[0]
		p.order = p.order[1:]
		if old := p.kept[oldest]; old != nil {
			p.bytes -= len(oldest) + old.size()
			delete(p.kept, oldest)
		}
	}
	p.kept[key] = made
	p.order = append(p.order, key)
	p.bytes += size
}

// send answers with a kept page, in Brotli when the browser takes it, else gzip. A conditional
// request for the page the browser holds is answered 304 with nothing put together.
func send(e *core.RequestEvent, pg *page) error {
	h := e.Response.Header()
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Type", "text/html; charset=utf-8")
	body := &lazyBody{make: pg.plain}
	tag := pg.plainTag
	switch takes := accept.Encodings(e.Request.Header.Get("Accept-Encoding")); {
	case takes["br"]:
		body = &lazyBody{r: bytes.NewReader(pg.brotli)}
		tag = pg.brotliTag
		h.Set("Content-Encoding", "br")
	case takes["gzip"]:
		body = &lazyBody{r: bytes.NewReader(pg.gzipped)}
		tag = pg.gzipTag
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", tag)
	if pg.status != http.StatusOK {
		// ServeContent would answer 200; a not-found page keeps its status.
		plain := body.reader()
		h.Set("Content-Length", strconv.Itoa(plain.Len()))
		e.Response.WriteHeader(pg.status)
		if e.Request.Method != http.MethodHead {
			_, _ = plain.WriteTo(e.Response)
		}
		return nil
	}
	http.ServeContent(e.Response, e.Request, "", time.Time{}, body)
	return nil
}

// lazyBody puts the page together only when ServeContent reads it, not for a 304.
type lazyBody struct {
	r    *bytes.Reader
	make func() []byte
}

func (l *lazyBody) reader() *bytes.Reader {
	if l.r == nil {
		l.r = bytes.NewReader(l.make())
	}
	return l.r
}

func (l *lazyBody) Read(b []byte) (int, error)                { return l.reader().Read(b) }
func (l *lazyBody) Seek(off int64, whence int) (int64, error) { return l.reader().Seek(off, whence) }
