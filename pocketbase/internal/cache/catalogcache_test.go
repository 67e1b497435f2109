package cache

import (
	"net/http/httptest"
	"testing"
)

func TestOnlyAGuestsCatalogueReadIsKept(t *testing.T) {
	for target, kept := range map[string]bool{
		"/api/collections/paintings/records?perPage=50&sort=-created":     true,
		"/api/collections/paintings/records/abc":                          true,
		"/api/studio/changes?since=4":                                     true,
		"/api/collections/orders/records":                                 false,
		"/api/collections/paintings/records/abc/more":                     false,
		"/api/studio/changes/paintings":                                   false,
		"/api/collections/paintings/records?filter=created%3E%40now":      false,
		"/api/collections/paintings/records?filter=%40collection.users.x": false,
		"/api/collections/paintings/records?expand=paintings_via_x":       false,
		"/api/collections/paint%69ngs/records":                            false,
	} {
		r := httptest.NewRequest("GET", target, nil)
		if _, ok := catalogKey(r); ok != kept {
			t.Errorf("%s: kept %v, want %v", target, ok, kept)
		}
	}
	signedIn := httptest.NewRequest("GET", "/api/collections/paintings/records", nil)
	signedIn.Header.Set("Authorization", "token")
	if _, ok := catalogKey(signedIn); ok {
		t.Error("a signed-in read was kept")
	}
	gz := httptest.NewRequest("GET", "/api/collections/paintings/records", nil)
	gz.Header.Set("Accept-Encoding", "gzip")
	plain := httptest.NewRequest("HEAD", "/api/collections/paintings/records", nil)
	a, _ := catalogKey(gz)
	b, _ := catalogKey(plain)
	if a == b {
		t.Error("gzip and plain clients share a kept answer")
	}
}
