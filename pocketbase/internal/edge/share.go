package edge

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"studio/server/internal/guard"
)

// Tags name what an answer shows, so a write purges only the answers it changed. Every shared
// answer carries TagSite; the others narrow it down.
const (
	TagSite  = "site"  // everything shared: purged by a change of the settings, a collection or the release
	TagLists = "lists" // answers showing more than one piece: the catalogue's reads, the sitemap, home, gallery, 404
	TagBoard = "board" // what shows the public board row: the commission pages, its reads, the first sync
)

// PieceTag names a piece's or a book's own answers: its page and its record.
func PieceTag(id string) string { return "piece-" + id }

// WorldTag names a story world's page by its list (pebblewick, cryptids).
func WorldTag(list string) string { return "world-" + list }

// How long a shared cache keeps an answer. With a purge configured it is told of every change,
// so a day is safe; with none, what it shows is at most a few seconds old, which still turns a
// thousand visitors a minute to one hot page into a dozen requests. Past that, a cache may serve
// the old answer while it asks again, and for a day while the server does not answer.
const (
	purgedTTL            = 24 * time.Hour
	unpurgedTTL          = 10 * time.Second
	staleWhileRevalidate = 60
	staleIfError         = 86400
)

var sharedTTL atomic.Int64

func init() { sharedTTL.Store(int64(unpurgedTTL)) }

// Share marks an answer any visitor may be given from a shared cache, with the tags of what it
// shows. Browsers still ask again every time (max-age=0; the page's ETag makes that a 304).
// An answer to a request with a cookie or an Authorization header is never marked shareable
// (guard.CarriesIdentity). until is when the answer changes by itself (zero: never): no cache
// keeps it past then.
func Share(h http.Header, r *http.Request, until time.Time, tags ...string) {
	if guard.CarriesIdentity(r) {
		Unshare(h)
		h.Set("Cache-Control", "private, no-cache")
		return
	}
	ttl := time.Duration(sharedTTL.Load())
	if !until.IsZero() {
		ttl = min(ttl, time.Until(until).Truncate(time.Second))
		if ttl < time.Second {
			Unshare(h)
			h.Set("Cache-Control", "no-cache")
			return
		}
	}
	h.Set("Cache-Control", fmt.Sprintf("public, max-age=0, s-maxage=%d, stale-while-revalidate=%d, stale-if-error=%d",
		int(ttl.Seconds()), staleWhileRevalidate, staleIfError))
	all := append([]string{TagSite}, tags...)
	// Cloudflare reads Cache-Tag, Fastly and the Varnish configuration of deploy/ Surrogate-Key,
	// Bunny CDN-Tag; each strips its own before the browser sees the answer.
	h.Set("Cache-Tag", strings.Join(all, ","))
	h.Set("Surrogate-Key", strings.Join(all, " "))
	h.Set("CDN-Tag", strings.Join(all, ","))
}

// Private marks an answer that is someone's own (a cart, an order, an account, the studio app):
// no cache, shared or the browser's, keeps it.
func Private(h http.Header) {
	Unshare(h)
	h.Set("Cache-Control", "private, no-store")
}

// Unshare takes the tags off an answer that turned out not to be shareable (an error).
func Unshare(h http.Header) {
	h.Del("Cache-Tag")
	h.Del("Surrogate-Key")
	h.Del("CDN-Tag")
}
