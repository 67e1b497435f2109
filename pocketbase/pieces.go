package main

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/text/unicode/norm"
)

// A piece's address is its list's path, then a slug of its title and its id:
// /gallery/moonlit-fox-k3j9x2m4p7q1w8e. The id makes it unique and stable; the words are for
// people and search engines, and an address with old words (a renamed piece) is redirected to the
// current one. docs/decisions/016-piece-addresses.md; src/lib/addresses.ts makes the same slugs.
type pieceKind struct {
	list       string // the first path segment
	collection string
	field      string // the picture
	nameField  string
	label      string // what the piece is, for its title
	ratio      [2]int // the shape its page draws the picture in
}

// The sizes attribute of a piece page's picture (src/features/pieces/PiecePage.tsx).
const piecePictureSizes = "(min-width: 900px) 560px, 92vw"

var pieceKinds = []pieceKind{
	{"gallery", "paintings", "image", "title", "Watercolor painting", [2]int{4, 3}},
	{"murals", "murals", "image", "title", "Mural", [2]int{16, 10}},
	{"shop", "merchandise", "primary_image", "title", "Shop", [2]int{1, 1}},
	{"pebblewick", "characters", "image", "name", "Pebblewick character", [2]int{1, 1}},
	{"cryptids", "characters", "image", "name", "Hidden Cryptids Alliance", [2]int{1, 1}},
}

func pieceKindOf(list string) *pieceKind {
	for i := range pieceKinds {
		if pieceKinds[i].list == list {
			return &pieceKinds[i]
		}
	}
	return nil
}

func pieceKindFor(record *core.Record) *pieceKind {
	for i := range pieceKinds {
		k := &pieceKinds[i]
		if k.collection != record.Collection().Name {
			continue
		}
		// The cryptids' list is /cryptids; their character_type is "cryptid".
		if k.collection != "characters" || record.GetString("character_type") == strings.TrimSuffix(k.list, "s") {
			return k
		}
	}
	return nil
}

var pocketBaseID = regexp.MustCompile(`^[a-z0-9]{15}$`)

// idInSlug: the record id at the end of a piece's last segment, after the words if any.
func idInSlug(segment string) string {
	id := segment
	if i := strings.LastIndexByte(segment, '-'); i >= 0 {
		id = segment[i+1:]
	}
	if !pocketBaseID.MatchString(id) {
		return ""
	}
	return id
}

// slugWords: lower-case ASCII words of a title joined by hyphens, accents dropped, at most 60
// characters cut at a word.
func slugWords(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(strings.ToLower(title)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	s := b.String()
	for len(s) > 60 {
		i := strings.LastIndexByte(s[:60], '-')
		if i <= 0 {
			s = s[:60]
			break
		}
		s = s[:i]
	}
	return s
}

// pieceAddress: the path a piece is shared by.
func pieceAddress(k *pieceKind, record *core.Record) string {
	words := slugWords(record.GetString(k.nameField))
	if words == "" {
		return "/" + k.list + "/" + record.Id
	}
	return "/" + k.list + "/" + words + "-" + record.Id
}

// findPiece: the piece a route names (list/slug), nil when there is none.
func findPiece(app core.App, route string) (*pieceKind, *core.Record) {
	list, segment, ok := strings.Cut(route, "/")
	if !ok || strings.Contains(segment, "/") {
		return nil, nil
	}
	k := pieceKindOf(list)
	id := idInSlug(segment)
	if k == nil || id == "" {
		return k, nil
	}
	record, err := app.FindRecordById(k.collection, id)
	if err != nil || pieceKindFor(record) != k {
		return k, nil
	}
	return k, record
}
