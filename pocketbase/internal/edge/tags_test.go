package edge

import (
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
)

func record(collection string, fields map[string]any) *core.Record {
	c := core.NewBaseCollection(collection)
	c.Fields.Add(&core.TextField{Name: "character_type"})
	r := core.NewRecord(c)
	r.Load(fields)
	_ = r.PostScan() // as read from the database: what it was before the write
	return r
}

func TestAWritePurgesWhatItChanged(t *testing.T) {
	moved := record("characters", map[string]any{"id": "abc", "character_type": "pebblewick"})
	moved.Set("character_type", "cryptid")
	cases := []struct {
		name   string
		change catalog.Change
		want   []string
	}{
		{"a painting's price", catalog.Change{Record: record("paintings", map[string]any{"id": "p1"})}, []string{"piece-p1", "lists"}},
		{"a book", catalog.Change{Record: record("books", map[string]any{"id": "b1"})}, []string{"piece-b1", "lists"}},
		{"a character moved between worlds", catalog.Change{Record: moved}, []string{"piece-abc", "lists", "world-cryptids", "world-pebblewick"}},
		{"the commission board", catalog.Change{Record: record("commission_board", map[string]any{"id": "commissionboard"})}, []string{"board"}},
		{"the artist", catalog.Change{Record: record("artist_profile", map[string]any{"id": "a1"})}, []string{"site"}},
		{"a collection or the settings", catalog.Change{}, []string{"site"}},
	}
	for _, c := range cases {
		if got := TagsOf(c.change); !slices.Equal(got, c.want) {
			t.Errorf("%s: tags %v, want %v", c.name, got, c.want)
		}
	}
}
