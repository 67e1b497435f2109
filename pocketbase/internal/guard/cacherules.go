package guard

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Cache rules that make a CDN in front of the server safe. Public files (catalogue pictures) may
// be kept by shared caches; protected files (commission files, message attachments) are opened
// with a short-lived token in the URL and must never be kept by anything. API answers depend on
// who asks, so nothing stores them, unless the handler says otherwise: files, above, and guests'
// catalogue reads (package cache), which are the same for every visitor.
const (
	publicFileCache     = "public, max-age=2592000, stale-while-revalidate=86400"
	identifiedFileCache = "private, max-age=2592000"
	privateCache        = "private, no-store"
)

// CarriesIdentity: a request with a cookie or an Authorization header. Its answer is never marked
// shareable, whatever it is: the shop sets no cookie of its own, and what a request that says who
// is asking brings back is kept by that browser alone.
func CarriesIdentity(r *http.Request) bool {
	return r.Header.Get("Cookie") != "" || r.Header.Get("Authorization") != ""
}

func RegisterCacheRules(app core.App) {
	app.OnFileDownloadRequest().BindFunc(func(e *core.FileDownloadRequestEvent) error {
		switch {
		case e.FileField != nil && e.FileField.Protected:
			e.Response.Header().Set("Cache-Control", privateCache)
		case CarriesIdentity(e.Request):
			e.Response.Header().Set("Cache-Control", identifiedFileCache)
		default:
			e.Response.Header().Set("Cache-Control", publicFileCache)
		}
		return e.Next()
	})
}

// APINoStore marks API answers uncacheable unless the handler says otherwise (files do, above).
func APINoStore(e *core.RequestEvent) error {
	p := e.Request.URL.Path
	if strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/api/files/") {
		e.Response.Header().Set("Cache-Control", privateCache)
	}
	return e.Next()
}
