package guard

import (
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/access"
)

// requestWindows counts requests per key in fixed windows: a kept answer is cheap, but not free
// for whoever sends thousands.
type requestWindows struct {
	mu        sync.Mutex
	windows   map[string]*requestWindow
	lastSweep time.Time
}

type requestWindow struct {
	start time.Time
	count int
}

var (
	cachedReadWindows = &requestWindows{windows: map[string]*requestWindow{}}
	pageWindows       = &requestWindows{windows: map[string]*requestWindow{}}
)

// allow counts one request of key and says whether it is within max per window.
func (w *requestWindows) allow(key string, max int, window time.Duration, now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	// Forget finished windows now and then, so addresses seen once do not stay in memory.
	if now.Sub(w.lastSweep) > time.Minute {
		for k, v := range w.windows {
			if now.Sub(v.start) > 30*time.Minute {
				delete(w.windows, k)
			}
		}
		w.lastSweep = now
	}
	cur := w.windows[key]
	if cur == nil || now.Sub(cur.start) >= window {
		cur = &requestWindow{start: now}
		w.windows[key] = cur
	}
	cur.count++
	return cur.count <= max
}

// CatalogReadAllowed applies the records API's rate limit to a guest's catalogue read. PocketBase
// limits the records API in the records routes themselves, and a catalogue read kept in memory is
// answered before it gets there (package cache). So the cache applies the same rule first, found
// the way the records routes find it ("paintings:list", "*:list", the path, "/api/"), with a
// counter of its own.
func CatalogReadAllowed(e *core.RequestEvent) bool {
	settings := e.App.Settings().RateLimits
	if !settings.Enabled || e.HasSuperuserAuth() || excludedIP(settings.ExcludedIPs, e.RealIP()) {
		return true
	}
	rest, ok := strings.CutPrefix(e.Request.URL.Path, "/api/collections/")
	if !ok {
		// The catalogue's changes route is a route of ours: PocketBase's limiter saw it already.
		return true
	}
	name, rest, _ := strings.Cut(rest, "/")
	action := "view"
	if rest == "records" {
		action = "list"
	}
	labels := []string{name + ":" + action, "*:" + action, e.Request.Method + " " + e.Request.URL.Path, e.Request.URL.Path}
	rule, found := settings.FindRateLimitRule(labels, core.RateLimitRuleAudienceAll, core.RateLimitRuleAudienceGuest)
	if !found {
		return true
	}
	key := rule.Label + rule.Audience + "|" + access.Network(e.RealIP())
	return cachedReadWindows.allow(key, rule.MaxRequests, time.Duration(rule.Duration)*time.Second, time.Now())
}

// excludedIP reads the settings' excluded addresses and subnets as PocketBase does.
func excludedIP(list []string, ip string) bool {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	for _, item := range list {
		if prefix, err := netip.ParsePrefix(item); err == nil && prefix.Contains(addr) {
			return true
		}
		if one, err := netip.ParseAddr(item); err == nil && one == addr {
			return true
		}
	}
	return false
}

// TooManyRequests is PocketBase's own answer past a limit, for the API's clients.
func TooManyRequests(e *core.RequestEvent) error {
	return e.JSON(http.StatusTooManyRequests, map[string]any{"status": 429, "message": "Too Many Requests.", "data": map[string]any{}})
}

// PageRule is the limit on the site's pages (the app's addresses, not its files) per network
// (see access.Network): far more full page loads than a person makes, and a crawler's polite pace,
// but not a loop that would keep the server rendering. A rule labelled "pages" in PocketBase's
// rate limit settings takes its place.
var PageRule = core.RateLimitRule{Label: "pages", MaxRequests: 300, Duration: 60}

// PageAllowed counts one page request of the caller's network and says whether it is within the
// pages' limit. The rate limit settings switch it on and off, and exclude addresses, as they do
// PocketBase's own limits; the studio's superusers are never counted.
func PageAllowed(e *core.RequestEvent) bool {
	settings := e.App.Settings().RateLimits
	if !settings.Enabled || e.HasSuperuserAuth() || excludedIP(settings.ExcludedIPs, e.RealIP()) {
		return true
	}
	rule, found := settings.FindRateLimitRule([]string{PageRule.Label}, core.RateLimitRuleAudienceAll, core.RateLimitRuleAudienceGuest)
	if !found {
		rule = PageRule
	} else if rule.Audience == core.RateLimitRuleAudienceGuest && e.Auth != nil {
		return true
	}
	return pageWindows.allow(access.Network(e.RealIP()), rule.MaxRequests, time.Duration(rule.Duration)*time.Second, time.Now())
}

// TooManyPages answers a page request past the pages' limit, in words a person reads.
func TooManyPages(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.String(http.StatusTooManyRequests, "Too many pages asked for from your address in a short time. Please wait a little and try again.\n")
}

// Routes of ours a guest reads (GET) with a secret in the address (an order's key). PocketBase's
// limiter counts each client address, and one IPv6 /64 holds any number of them, so these reads
// are also counted per network (see access.Network), by the rule PocketBase would apply. The
// studio's writes below the same path are PocketBase's alone to count.
var networkCountedPrefixes = []string{"/api/studio/orders/"}

var networkReadWindows = &requestWindows{windows: map[string]*requestWindow{}}

// NetworkLimits answers 429 to a network past its rule on the routes above.
func NetworkLimits(e *core.RequestEvent) error {
	path := e.Request.URL.Path
	for _, prefix := range networkCountedPrefixes {
		if e.Request.Method == http.MethodGet && strings.HasPrefix(path, prefix) && !networkAllowed(e, path) {
			return TooManyRequests(e)
		}
	}
	return e.Next()
}

func networkAllowed(e *core.RequestEvent, path string) bool {
	settings := e.App.Settings().RateLimits
	if !settings.Enabled || e.HasSuperuserAuth() || excludedIP(settings.ExcludedIPs, e.RealIP()) {
		return true
	}
	rule, found := settings.FindRateLimitRule([]string{e.Request.Method + " " + path, path})
	if !found || (rule.Audience == core.RateLimitRuleAudienceGuest && e.Auth != nil) ||
		(rule.Audience == core.RateLimitRuleAudienceAuth && e.Auth == nil) {
		return true
	}
	key := rule.Label + rule.Audience + "|" + access.Network(e.RealIP())
	return networkReadWindows.allow(key, rule.MaxRequests, time.Duration(rule.Duration)*time.Second, time.Now())
}
