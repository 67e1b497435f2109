package mail

import (
	"regexp"
	"testing"
)

// The hooks check these tokens with $security.hs256("letters:"+id, key)[:32]: the format must not drift.
func TestLetterTokenIsTheMemberSignedWithTheListsKey(t *testing.T) {
	token := LetterToken("key-one", "abcdefghij12345")
	if !regexp.MustCompile(`^abcdefghij12345\.[0-9a-f]{32}$`).MatchString(token) {
		t.Fatalf("token %q is not <id>.<32 hex>", token)
	}
	if LetterToken("key-two", "abcdefghij12345") == token {
		t.Fatal("another key signs the same token")
	}
	if LetterToken("key-one", "abcdefghij12346") == token {
		t.Fatal("another member gets the same token")
	}
}

func TestSharesListNeedsOneListInCommon(t *testing.T) {
	if !sharesList([]string{"news", "pebblewick"}, []string{"pebblewick"}) || sharesList([]string{"news"}, []string{"cryptids"}) || sharesList(nil, []string{"news"}) {
		t.Fatal("sharesList")
	}
}
