// Package cache keeps guests' catalogue answers from the API (lists, records, the change feed),
// byte for byte, until the catalogue changes. It owns when an answer may be kept and when all are
// dropped; it must not change what an answer says, nor keep anything that depends on who asks.
// It builds on catalog (what the catalogue is), guard (the limit a kept answer still counts) and
// edge (what a cache in front may keep of it).
//
// Every visitor browsing the catalogue gets the same answer until the catalogue changes, and
// building it (query, records, JSON, gzip) is most of the server's work under load. So guests'
// answers are kept, byte for byte as gzip left them, and all of them are dropped by any write of
// a catalogue record or of a collection.
package cache

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"studio/server/internal/catalog"
	"studio/server/internal/edge"
	"studio/server/internal/guard"
)

// A page of the catalogue is tens of KB, the whole-catalogue snapshot a few hundred; 1,000
// answers or 32 MB is far more than the distinct pages visitors ask for, and stays well inside
// the server's 150 MB budget. Query
// strings are free for anyone to invent, so a full cache is simply emptied: made-up URLs cost a
// rebuild of the popular answers, never memory.
const (
	cacheMaxEntries = 1000
	cacheMaxBytes   = 32 << 20
	cacheMaxAnswer  = 1 << 20
)

// The request-store key apis.SkipSuccessActivityLog sets (unexported there).
const skipSuccessActivityLog = "__skipSuccessActivityLogger"

type cachedAnswer struct {
	// The headers the handler and gzip set (Content-Type, Content-Encoding, Vary); those set
	// before this middleware (security headers, CORS, Cache-Control) are set again for every
	// request anyway.
	header http.Header
	body   []byte
	size   int
}

// Catalog is the kept answers; Serve is its middleware.
type Catalog struct {
	mu sync.RWMutex
	// gen moves on every write that may change an answer. An answer is kept only if gen did not
	// move while it was built, so one computed from rows a write has since replaced is never kept.
	gen     uint64
	open    bool
	entries map[string]*cachedAnswer
	bytes   int
}

// Register keeps guests' catalogue answers from the server's start on.
func Register(app core.App) *Catalog {
	c := &Catalog{entries: map[string]*cachedAnswer{}}
	// These fire after the transaction commits, and ahead of PocketBase's realtime events (-99) and
	// the JS hooks that tell browsers to pull: a browser told of a change never gets the answer
	// from before it. The writer's own request answers after them too, so whoever saw a write
	// finish reads its result.
	written := &hook.Handler[*core.ModelEvent]{
		Priority: -100,
		Func: func(e *core.ModelEvent) error {
			switch m := e.Model.(type) {
			case *core.Collection:
				c.drop(e.App, true)
			case *core.Record:
				c.dropFor(e.App, m.Collection().Name)
			case core.RecordProxy:
				c.dropFor(e.App, m.ProxyRecord().Collection().Name)
			}
			return e.Next()
		},
	}
	app.OnModelAfterCreateSuccess().Bind(written)
	app.OnModelAfterUpdateSuccess().Bind(written)
	app.OnModelAfterDeleteSuccess().Bind(written)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		c.drop(se.App, true)
		return se.Next()
	})
	return c
}

// Only writes of catalogue records drop the cache, not the carts, messages and checkouts written
// all day, so an answer must depend on catalogue rows alone. That holds while the catalogue's
// rules name no other collection (@collection, back-relations), no request detail (headers, body)
// and no clock (@now), and its relations lead only to catalogue collections; otherwise nothing is
// kept. A rule or field change is a collection write, which checks this again.
func selfContained(app core.App) bool {
	for name := range catalog.Collections {
		c, err := app.FindCachedCollectionByNameOrId(name)
		if err != nil {
			continue
		}
		for _, rule := range []*string{c.ListRule, c.ViewRule} {
			if rule != nil && !visitorConstant(*rule) {
				return false
			}
		}
		for _, f := range c.Fields {
			if rel, ok := f.(*core.RelationField); ok {
				target, err := app.FindCachedCollectionByNameOrId(rel.CollectionId)
				if err != nil || !catalog.Collections[target.Name] {
					return false
				}
			}
		}
	}
	return true
}

// A guest's @request.auth is empty for every visitor; any other @ (another collection, a header,
// the body, the time, @random) or a back-relation (_via_) reaches beyond the URL and the
// catalogue's rows. Guests' filters and sorts are checked the same way (PocketBase refuses
// their @request, but not @collection, @now or @random).
func visitorConstant(expr string) bool {
	expr = strings.ReplaceAll(expr, "@request.auth.", "")
	return !strings.Contains(expr, "@") && !strings.Contains(expr, "_via_")
}

// drop forgets every answer. After a collection change it also decides again whether answers
// may be kept, under the lock, so of two changes landing together the later one's view wins.
func (c *Catalog) drop(app core.App, collectionsChanged bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if collectionsChanged {
		c.open = selfContained(app)
	}
	clear(c.entries)
	c.bytes = 0
}

// dropFor forgets what a write of a record of collection may have changed: the commission board's
// row, rewritten with every request a stranger sends, only its own reads and the all-catalogue
// changes route that carries it; any other catalogue record, everything.
func (c *Catalog) dropFor(app core.App, collection string) {
	switch {
	case collection == catalog.Board:
		c.dropWhere(readsBoard)
	case catalog.Collections[collection]:
		c.drop(app, false)
	}
}

func readsBoard(key string) bool {
	_, path, _ := strings.Cut(key, " ")
	path, _, _ = strings.Cut(path, "?")
	return path == "/api/studio/changes" || strings.HasPrefix(path, "/api/collections/"+catalog.Board+"/")
}

// dropWhere forgets the answers whose keys match. It moves the generation as drop does, so an
// answer read before the write is not kept after it.
func (c *Catalog) dropWhere(match func(key string) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for key, a := range c.entries {
		if match(key) {
			c.bytes -= len(key) + a.size
			delete(c.entries, key)
		}
	}
}

// catalogKey names a guest's catalogue read, or says it is not one. HEAD shares GET's answer;
// gzip and plain clients get different bytes.
func catalogKey(r *http.Request) (string, bool) {
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || r.Header.Get("Authorization") != "" {
		return "", false
	}
	// An escaped path may route elsewhere than its decoded form suggests.
	if r.URL.RawPath != "" || !catalogPath(r.URL.Path) {
		return "", false
	}
	query, err := url.QueryUnescape(r.URL.RawQuery)
	if err != nil || !visitorConstant(query) {
		return "", false
	}
	encoding := "plain "
	// The same test as PocketBase's gzip middleware.
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		encoding = "gzip "
	}
	return encoding + r.URL.Path + "?" + r.URL.RawQuery, true
}

// The catalogue's lists and records, and the all-catalogue changes route (not the per-collection
// one, which serves signed-in people's private lists). That route also reads the change log, which
// writes of private lists extend and prune as well, with no catalogue write: a kept answer then
// carries an older cursor, or tombstones since pruned, and is still a true account of the
// catalogue since that cursor (the route's own kept snapshot works the same way).
func catalogPath(p string) bool {
	if p == "/api/studio/changes" {
		return true
	}
	rest, ok := strings.CutPrefix(p, "/api/collections/")
	if !ok {
		return false
	}
	name, rest, _ := strings.Cut(rest, "/")
	if !catalog.Collections[name] {
		return false
	}
	id, one := strings.CutPrefix(rest, "records/")
	return rest == "records" || (one && id != "" && !strings.Contains(id, "/"))
}

// sharedTags name what a catalogue read shows, for a cache in front: one record is its piece's (a
// list or the change feed may show any piece); both may expand others, so both are lists; the
// board's reads and the change feed (which carries the board's row) show the board. A
// browser's pull since a cursor is not shared (nil): told of a change, it asks at once, sooner
// than a purge reaches the cache, and an answer kept from before would say nothing changed. The
// first sync, without a cursor, is what every new visitor asks for.
func sharedTags(r *http.Request) []string {
	switch p := r.URL.Path; {
	case p == "/api/studio/changes" && r.URL.Query().Get("since") != "":
		return nil
	case p == "/api/studio/changes":
		return []string{edge.TagLists, edge.TagBoard}
	case strings.HasPrefix(p, "/api/collections/"+catalog.Board+"/"):
		return []string{edge.TagBoard}
	}
	if _, id, one := strings.Cut(r.URL.Path, "/records/"); one {
		return []string{edge.PieceTag(id), edge.TagLists}
	}
	return []string{edge.TagLists}
}

// Serve sits after the headers every answer gets (security, Cache-Control) and before gzip, so
// it keeps compressed bytes and a hit skips the query, the JSON and the compression alike.
func (c *Catalog) Serve(e *core.RequestEvent) error {
	key, ok := catalogKey(e.Request)
	if !ok {
		return e.Next()
	}
	if !guard.CatalogReadAllowed(e) {
		return guard.TooManyRequests(e)
	}
	// The hottest reads of all, the same for every guest: PocketBase's request log (a database
	// write per request, more than a kept answer costs to send) keeps only their failures, as
	// apis.SkipSuccessActivityLog does; the access log still has a line for each.
	e.Set(skipSuccessActivityLog, true)
	c.mu.RLock()
	hit, gen, open := c.entries[key], c.gen, c.open
	c.mu.RUnlock()
	if !open {
		return e.Next()
	}
	tags := sharedTags(e.Request)
	if hit != nil {
		h := e.Response.Header()
		for k, v := range hit.header {
			h[k] = v
		}
		if tags != nil {
			edge.Share(h, e.Request, time.Time{}, tags...)
		}
		e.Response.WriteHeader(http.StatusOK)
		_, err := e.Response.Write(hit.body)
		return err
	}

	before := e.Response.Header().Clone()
	rec := &recorder{ResponseWriter: e.Response, decided: func(h http.Header, status int) {
		switch {
		case status != http.StatusOK:
			edge.Private(h)
		case tags != nil:
			edge.Share(h, e.Request, time.Time{}, tags...)
		}
	}}
	e.Response = rec
	err := e.Next()
	e.Response = rec.ResponseWriter
	if err == nil && rec.status == http.StatusOK && !rec.failed {
		c.store(key, gen, answerOf(before, rec))
	}
	return err
}

func answerOf(before http.Header, rec *recorder) *cachedAnswer {
	a := &cachedAnswer{header: http.Header{}, body: bytes.Clone(rec.body.Bytes())}
	a.size = len(a.body)
	for k, v := range rec.Header() {
		if !slices.Equal(before[k], v) {
			// Clipped, so a later Add on a hit copies instead of writing into the kept slice.
			a.header[k] = slices.Clip(slices.Clone(v))
			a.size += len(k) + len(strings.Join(v, ""))
		}
	}
	for k := range before {
		if _, ok := rec.Header()[k]; !ok {
			a.header[k] = nil
		}
	}
	return a
}

func (c *Catalog) store(key string, gen uint64, a *cachedAnswer) {
	size := len(key) + a.size
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if old := c.entries[key]; old != nil {
		c.bytes -= len(key) + old.size
		delete(c.entries, key)
	}
	if len(c.entries) >= cacheMaxEntries || c.bytes+size > cacheMaxBytes {
		clear(c.entries)
		c.bytes = 0
	}
	c.entries[key] = a
	c.bytes += size
}

// recorder passes an answer through and keeps a copy of it, unless it grows past what is kept or
// the client goes away mid-answer.
type recorder struct {
	http.ResponseWriter
	// decided sets what a shared cache may do with the answer once its status is known: after
	// the handler's own headers (the change feed says no-store for its signed-in callers).
	decided func(h http.Header, status int)
	status  int
	body    bytes.Buffer
	failed  bool
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
		r.decided(r.Header(), status)
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.WriteHeader(http.StatusOK)
	}
	n, err := r.ResponseWriter.Write(b)
	if err != nil || r.body.Len()+n > cacheMaxAnswer {
		r.failed = true
		r.body = bytes.Buffer{}
	} else if !r.failed {
		r.body.Write(b[:n])
	}
	return n, err
}

// Unwrap lets PocketBase read the status and flush through the recorder.
func (r *recorder) Unwrap() http.ResponseWriter {
	return r.ResponseWriter
}
