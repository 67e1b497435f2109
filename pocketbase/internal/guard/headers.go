package guard

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Inline blocks of the built pages are allowed by their hashes, read from the pages at start, so
// the policy never needs 'unsafe-inline' and follows the build by itself: the scripts that run
// before the app (src/boot/) and each prerendered page's styles (scripts/build-prerender.mjs).
var (
	inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	inlineStyle  = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
)

func contentSecurityPolicy(web fs.FS) string {
	scripts, styles := []string{"'self'"}, []string{"'self'"}
	seen := map[string]bool{}
	hashes := func(list []string, re *regexp.Regexp, page []byte) []string {
		for _, m := range re.FindAllSubmatch(page, -1) {
			sum := sha256.Sum256(m[1])
			h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			if !seen[h] {
				seen[h] = true
				list = append(list, h)
			}
		}
		return list
	}
	_ = fs.WalkDir(web, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if name != "." && name != "pages" && !strings.HasPrefix(name, "pages/") {
				return fs.SkipDir
			}
			return nil
		}
		if name != "index.html" && !(strings.HasPrefix(name, "pages/") && strings.HasSuffix(name, ".html")) {
			return nil
		}
		if page, err := fs.ReadFile(web, name); err == nil {
			scripts = hashes(scripts, inlineScript, page)
			styles = hashes(styles, inlineStyle, page)
		}
		return nil
	})
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src " + strings.Join(styles, " "),
		// data: for small inline pictures, blob: for previews of files picked for upload.
		"img-src 'self' data: blob:",
		"font-src 'self'",
		"connect-src 'self'",
		"worker-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// SecurityHeaders sets the browser protections on every response: the app, the API, files and
// the dashboard. The dashboard (/_/) is PocketBase's own app with its own needs, so it gets only
// the framing rule of the policy.
func SecurityHeaders(web fs.FS) func(*core.RequestEvent) error {
	appPolicy := contentSecurityPolicy(web)
	return func(e *core.RequestEvent) error {
		h := e.Response.Header()
		if strings.HasPrefix(e.Request.URL.Path, "/_/") {
			h.Set("Content-Security-Policy", "frame-ancestors 'none'")
		} else {
			h.Set("Content-Security-Policy", appPolicy)
		}
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if servedOverTLS(e) {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		return e.Next()
	}
}

// Behind a TLS-terminating proxy the request arrives as plain HTTP with X-Forwarded-Proto set.
// Browsers ignore HSTS received over plain HTTP, so a forged header gains nothing.
func servedOverTLS(e *core.RequestEvent) bool {
	return e.Request.TLS != nil || strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https")
}
