package catalog

import "testing"

// The same slugs as src/lib/addresses.ts.
func TestSlugWordsAndIDs(t *testing.T) {
	for title, want := range map[string]string{
		"Moonlit Fox":      "moonlit-fox",
		"Élan & Çà — été!": "elan-ca-ete",
		"  ":               "",
		"The Very Long Title of a Painting That Goes On and On Past Sixty": "the-very-long-title-of-a-painting-that-goes-on-and-on-past",
	} {
		if got := SlugWords(title); got != want {
			t.Errorf("SlugWords(%q) = %q, want %q", title, got, want)
		}
	}
	for segment, want := range map[string]string{
		"moonlit-fox-k3j9x2m4p7q1w8e": "k3j9x2m4p7q1w8e",
		"k3j9x2m4p7q1w8e":             "k3j9x2m4p7q1w8e",
		"moonlit-fox":                 "",
		"fox-K3J9X2M4P7Q1W8E":         "",
	} {
		if got := IDInSlug(segment); got != want {
			t.Errorf("IDInSlug(%q) = %q, want %q", segment, got, want)
		}
	}
	if KindOf("gallery").Collection != "paintings" || KindOf("cryptids").CharacterType() != "cryptid" || KindOf("about") != nil {
		t.Error("KindOf misread a list")
	}
}
