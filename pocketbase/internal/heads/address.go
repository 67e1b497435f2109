package heads

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
)

// AddressKind is what sort of page an address names, read from the address alone.
type AddressKind int

const (
	Unknown  AddressKind = iota // no page of the site: a 404 without asking the catalogue
	Static                      // a public page of its own (/, /gallery, /about…)
	Private                     // a page of the app that is nobody's to find (/customer/dashboard…)
	Admin                       // the studio's app
	Book                        // /book/<id>
	Piece                       // /<list>/<words>-<id>
	Order                       // /orders/<id>?key=…: a buyer's own page, opened by its key (order.go)
	Verify                      // /verify/<edition>/<n>: a number's row of an edition's public ledger (verify.go)
	Download                    // /downloads/<slug>: a digital item on sale (download.go)
)

// Address is a page address read once. The head, the preload, the JSON-LD and the 404 all take
// it, so a request's path is split in one place: Parse reads the path, Resolve finds its record.
type Address struct {
	Route string // the cleaned path without its leading slash ("" for the home page)
	Kind  AddressKind
	List  string             // the first segment
	Piece *catalog.PieceKind // for a piece: the list's kind
	ID    string             // for a book or a piece: the record id the address names; an edition's for Verify
	Words string             // for a piece: the words before the id, as asked (maybe old ones); the number for Verify; the slug for Download
	// Record is the book or piece found by Resolve; nil before, or when there is none.
	Record *core.Record
}

// Parse reads a route (a cleaned path without its leading slash) without asking the catalogue.
func Parse(route string) Address {
	a := Address{Route: route}
	list, rest, nested := strings.Cut(route, "/")
	a.List = list
	_, static := staticPages[route]
	_, private := privatePages[route]
	switch {
	case static:
		a.Kind = Static
	case private:
		a.Kind = Private
	case route == "admin" || list == "admin":
		a.Kind = Admin
	case list == "verify" && strings.Count(rest, "/") == 1 && nested:
		a.Kind = Verify
		a.ID, a.Words, _ = strings.Cut(rest, "/")
	case !nested || strings.Contains(rest, "/"):
		a.Kind = Unknown
	case list == "book":
		a.Kind, a.ID = Book, rest
	case list == "orders":
		a.Kind, a.ID = Order, rest
	case list == "downloads":
		a.Kind, a.Words = Download, rest
	default:
		if a.Piece = catalog.KindOf(list); a.Piece != nil {
			if a.ID = catalog.IDInSlug(rest); a.ID != "" {
				a.Kind = Piece
				a.Words = strings.TrimSuffix(strings.TrimSuffix(rest, a.ID), "-")
			}
		}
	}
	return a
}

// find looks up the book or piece the address names, once; false when there is none.
func (a *Address) find(app core.App) bool {
	switch a.Kind {
	case Book:
		book, err := app.FindRecordById("books", a.ID)
		if err != nil {
			return false
		}
		a.Record = book
	case Piece:
		record, err := app.FindRecordById(a.Piece.Collection, a.ID)
		if err != nil || catalog.KindFor(record) != a.Piece {
			return false
		}
		a.Record = record
	case Download:
		item, err := findDownload(app, a.Words)
		if err != nil {
			return false
		}
		a.Record = item
	}
	return true
}
