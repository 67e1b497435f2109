package guard

import (
	"net/url"
	"strings"
	"testing"
)

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJpZCI6InUxIn0.c2lnbmF0dXJlc2lnbmF0dXJl"

func TestAccessLogRedactsEverySpellingOfASecret(t *testing.T) {
	for uri, want := range map[string]string{
		"/api/files/c/r/a.jpg?thumb=160x160&token=s3cr3t":  "/api/files/c/r/a.jpg?thumb=160x160&token=REDACTED",
		"/api/files/c/r/a.jpg?thumb=160x160;token=s3cr3t":  "/api/files/c/r/a.jpg?thumb=160x160;token=REDACTED",
		"/api/files/c/r/a.jpg;token=s3cr3t?thumb=160x160":  "/api/files/c/r/a.jpg;token=REDACTED?thumb=160x160",
		"/reset-password?TOKEN=s3cr3t&x=1":                 "/reset-password?TOKEN=REDACTED&x=1",
		"/reset-password?%74oken=s3cr3t":                   "/reset-password?%74oken=REDACTED",
		"/api/x?access_token=s3cr3t&page=2":                "/api/x?access_token=REDACTED&page=2",
		"/api/x?apiKey=s3cr3t&sort=-created":               "/api/x?apiKey=REDACTED&sort=-created",
		"/api/x?client_secret=s3cr3t":                      "/api/x?client_secret=REDACTED",
		"/api/x?otp=s3cr3t":                                "/api/x?otp=REDACTED",
		"/api/x?passcode=s3cr3t":                           "/api/x?passcode=REDACTED",
		"/api/x?Authorization=Bearer+s3cr3t":               "/api/x?Authorization=REDACTED",
		"/api/x?sig=s3cr3t&X-Amz-Signature=s3cr3t":         "/api/x?sig=REDACTED&X-Amz-Signature=REDACTED",
		"/api/x?t=" + jwt:                                  "/api/x?t=REDACTED",
		"/api/x?next=%2Fpage%3Ftoken%3Ds3cr3t&page=1":      "/api/x?next=REDACTED&page=1",
		"/api/x?token":                                     "/api/x?token=REDACTED",
		"/api/files/c/r/a.jpg%3Btoken=s3cr3t":              "/api/files/c/r/REDACTED",
		"/account/" + jwt:                                  "/account/REDACTED",
		"/api/collections/paintings/records?page=2&sort=x": "/api/collections/paintings/records?page=2&sort=x",
		"/gallery":                                "/gallery",
		"/orders/abc123?key=s3cr3t":               "/orders/abc123?key=REDACTED",
		"/api/studio/checkout/demo_s3cr3t":        "/api/studio/checkout/REDACTED",
		"/api/studio/checkout/cs_test_s3cr3t/pay": "/api/studio/checkout/REDACTED/pay",
		"/api/studio/checkout":                    "/api/studio/checkout",
		"/checkout/success?session_id=s3cr3t":     "/checkout/success?session_id=REDACTED",
	} {
		u, err := url.ParseRequestURI(uri)
		if err != nil {
			t.Fatalf("%s: %v", uri, err)
		}
		got := redactedURI(u)
		if got != want {
			t.Errorf("%s\n got %s\nwant %s", uri, got, want)
		}
		if strings.Contains(got, "s3cr3t") || strings.Contains(got, "eyJ") {
			t.Errorf("%s keeps a secret: %s", uri, got)
		}
	}
}

func TestRequestLogAddressesAreRedactedLikeTheAccessLog(t *testing.T) {
	for raw, want := range map[string]string{
		"/orders/abc?key=s3cr3t":                           "/orders/abc?key=REDACTED",
		"https://shop.example/orders/abc?key=s3cr3t":       "https://shop.example/orders/abc?key=REDACTED",
		"http://127.0.0.1:8090/api/studio/checkout/s3cr3t": "http://127.0.0.1:8090/api/studio/checkout/REDACTED",
		"":                   "",
		"%zz not an address": "REDACTED",
	} {
		if got := redactedAddress(raw); raw != "" && got != want {
			t.Errorf("%q\n got %q\nwant %q", raw, got, want)
		}
	}
}
