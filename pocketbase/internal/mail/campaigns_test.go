package mail

import (
	"regexp"
	"testing"

	"github.com/pocketbase/pocketbase/core"
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

// A wish's letter has no lists: it is meant for the members it was made for, a list letter for its lists' members.
func TestMeantForTakesAWishLetterWithoutLists(t *testing.T) {
	campaigns := core.NewBaseCollection("campaigns")
	campaigns.Fields.Add(&core.TextField{Name: "kind"}, &core.JSONField{Name: "lists"})
	members := core.NewBaseCollection("newsletter_subscribers")
	members.Fields.Add(&core.JSONField{Name: "lists"})
	member := core.NewRecord(members)
	member.Set("lists", `["news"]`)
	wish := core.NewRecord(campaigns)
	wish.Set("kind", "wish")
	wish.Set("lists", `[]`)
	other := core.NewRecord(campaigns)
	other.Set("lists", `["cryptids"]`)
	news := core.NewRecord(campaigns)
	news.Set("lists", `["news"]`)
	if !meantFor(wish, member) || meantFor(other, member) || !meantFor(news, member) {
		t.Fatal("meantFor")
	}
}
