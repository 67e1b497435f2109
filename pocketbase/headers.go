package main

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Inline <script> blocks of the app shell are allowed by their hash, read from the built page
// at start, so the policy never needs 'unsafe-inline' and follows the build by itself.
var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

func contentSecurityPolicy(web fs.FS) string {
	scripts := []string{"'self'"}
	if page, err := fs.ReadFile(web, "index.html"); err == nil {
		for _, m := range inlineScript.FindAllSubmatch(page, -1) {
			sum := sha256.Sum256(m[1])
			scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src 'self'",
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

// securityHeaders sets the browser protections on every response: the app, the API, files and
// the dashboard. The dashboard (/_/) is PocketBase's own app with its own needs, so it gets only
// the framing rule of the policy.
func securityHeaders(web fs.FS) func(*core.RequestEvent) error {
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
