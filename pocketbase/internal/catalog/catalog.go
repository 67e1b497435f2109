// Package catalog owns what the server knows of the catalogue visitors read: which collections it
// is, where each piece lives (its list, its address), and a version that moves with every write
// that may change what a visitor is shown. It must not serve anything or read a request: the
// packages that serve (cache, heads, web, pictures) build on it. It imports nothing of the server's.
package catalog

import (
	"net/url"
	"strings"
)

// Collections are the collections visitors read, as CATALOG in pb_hooks/lib/catalog/sync.js.
var Collections = map[string]bool{
	"characters": true, "paintings": true, "books": true, "merchandise": true,
	"murals": true, "artist_profile": true, "tags": true, "commission_board": true, "editions": true,
	"digital_items": true,
}

// Board is the commission board's collection: one public row that pb_hooks/lib/commission-slots.js
// rewrites when the studio's queue moves. Only the commission pages and reads of the board itself
// depend on it (see Version).
const Board = "commission_board"

// EncodeURIComponent as JavaScript does it, so a file's URL is the one the app requests.
func EncodeURIComponent(s string) string {
	return strings.NewReplacer("+", "%20", "%21", "!", "%27", "'", "%28", "(", "%29", ")", "%2A", "*", "%7E", "~").Replace(url.QueryEscape(s))
}
