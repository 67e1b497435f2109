package catalog

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
type PieceKind struct {
	List       string // the first path segment
	Collection string
	Field      string // the picture
	NameField  string
	Label      string // what the piece is, for its title
	Ratio      [2]int // the shape its page draws the picture in
}

// PieceKinds are the lists a piece can be shown in.
var PieceKinds = []PieceKind{
	{"gallery", "paintings", "image", "title", "Watercolor painting", [2]int{4, 3}},
	{"murals", "murals", "image", "title", "Mural", [2]int{16, 10}},
	{"shop", "merchandise", "primary_image", "title", "Shop", [2]int{1, 1}},
	{"pebblewick", "characters", "image", "name", "Pebblewick character", [2]int{1, 1}},
	{"cryptids", "characters", "image", "name", "Hidden Cryptids Alliance", [2]int{1, 1}},
}

// KindOf is the kind of piece listed at /list, nil when list is no piece list.
func KindOf(list string) *PieceKind {
	for i := range PieceKinds {
		if PieceKinds[i].List == list {
			return &PieceKinds[i]
		}
	}
	return nil
}

// KindFor is the kind a record is shown as, nil for a record of no piece list.
func KindFor(record *core.Record) *PieceKind {
	for i := range PieceKinds {
		k := &PieceKinds[i]
		if k.Collection != record.Collection().Name {
			continue
		}
		// The cryptids' list is /cryptids; their character_type is "cryptid".
		if k.Collection != "characters" || record.GetString("character_type") == k.CharacterType() {
			return k
		}
	}
	return nil
}

var pocketBaseID = regexp.MustCompile(`^[a-z0-9]{15}$`)

// CharacterType is the character_type of the characters a list shows ("cryptid" for /cryptids).
func (k *PieceKind) CharacterType() string { return strings.TrimSuffix(k.List, "s") }

// IDInSlug: the record id at the end of a piece's last segment, after the words if any.
func IDInSlug(segment string) string {
	id := segment
	if i := strings.LastIndexByte(segment, '-'); i >= 0 {
		id = segment[i+1:]
	}
	if !pocketBaseID.MatchString(id) {
		return ""
	}
	return id
}

// SlugWords: lower-case ASCII words of a title joined by hyphens, accents dropped, at most 60
// characters cut at a word.
func SlugWords(title string) string {
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

// PieceAddress: the path a piece is shared by.
func PieceAddress(k *PieceKind, record *core.Record) string {
	words := SlugWords(record.GetString(k.NameField))
	if words == "" {
		return "/" + k.List + "/" + record.Id
	}
	return "/" + k.List + "/" + words + "-" + record.Id
}
