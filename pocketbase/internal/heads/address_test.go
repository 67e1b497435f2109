package heads

import "testing"

func TestParseReadsAnAddressOnce(t *testing.T) {
	const id = "k3j9x2m4p7q1w8e"
	cases := []struct {
		route string
		kind  AddressKind
		list  string
		id    string
		words string
	}{
		{"", Static, "", "", ""},
		{"gallery", Static, "gallery", "", ""},
		{"about", Static, "about", "", ""},
		{"customer/dashboard", Private, "customer", "", ""},
		{"admin/login", Private, "admin", "", ""},
		{"admin", Admin, "admin", "", ""},
		{"admin/paintings/new", Admin, "admin", "", ""},
		{"book/" + id, Book, "book", id, ""},
		{"book/", Book, "book", "", ""},
		{"book/a/b", Unknown, "book", "", ""},
		{"gallery/moonlit-fox-" + id, Piece, "gallery", id, "moonlit-fox"},
		{"cryptids/" + id, Piece, "cryptids", id, ""},
		{"shop/old-words-" + id, Piece, "shop", id, "old-words"},
		{"gallery/moonlit-fox", Unknown, "gallery", "", ""},
		{"gallery/x-" + id + "/more", Unknown, "gallery", "", ""},
		{"nowhere/x-" + id, Unknown, "nowhere", "", ""},
		{"customer", Unknown, "customer", "", ""},
		{"orders/" + id, Order, "orders", id, ""},
		{"orders/" + id + "/x", Unknown, "orders", "", ""},
		{"gallery/" + "K3J9X2M4P7Q1W8E", Unknown, "gallery", "", ""},
	}
	for _, c := range cases {
		a := Parse(c.route)
		if a.Route != c.route || a.Kind != c.kind || a.List != c.list || a.ID != c.id || a.Words != c.words {
			t.Errorf("Parse(%q) = {kind %d list %q id %q words %q}, want {kind %d list %q id %q words %q}",
				c.route, a.Kind, a.List, a.ID, a.Words, c.kind, c.list, c.id, c.words)
		}
		if (a.Kind == Piece) != (a.Piece != nil && a.ID != "") {
			t.Errorf("Parse(%q): a piece address names its list's kind and an id", c.route)
		}
		if a.Record != nil {
			t.Errorf("Parse(%q) found a record without asking the catalogue", c.route)
		}
	}
}
