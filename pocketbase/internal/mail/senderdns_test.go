package mail

import (
	"context"
	"errors"
	"net"
	"reflect"
	"strings"
	"testing"
)

// fakeDNS answers TXT lookups from a map; a name not in it is not found, as a real resolver says.
type fakeDNS map[string][]string

func (f fakeDNS) LookupTXT(_ context.Context, name string) ([]string, error) {
	if name == "broken.example" {
		return nil, errors.New("i/o timeout")
	}
	if recs, ok := f[name]; ok {
		return recs, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

const key = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwz"

func TestSenderDNSFindsAllThreeRecords(t *testing.T) {
	dns := fakeDNS{
		"lanternwood.example":               {"google-site-verification=abc", "v=spf1 include:spf.mtasv.net ~all"},
		"pm._domainkey.lanternwood.example": {"k=rsa; p=" + key},
		"_dmarc.lanternwood.example":        {"v=DMARC1; p=quarantine"},
	}
	got := CheckSenderDNS(context.Background(), dns, "letters@Lanternwood.example", "pm")
	if got.Domain != "lanternwood.example" || len(got.Missing) != 0 {
		t.Fatalf("expected nothing missing, got %+v", got)
	}
	if got.Findings[0].Record != "v=spf1 include:spf.mtasv.net ~all" {
		t.Fatalf("SPF record %q", got.Findings[0].Record)
	}
}

func TestSenderDNSSaysWhatIsMissingAndWhy(t *testing.T) {
	dns := fakeDNS{
		"lanternwood.example":               {"v=spf1 include:a ~all", "v=spf1 include:b ~all"},
		"pm._domainkey.lanternwood.example": {"v=DKIM1; p="},
	}
	got := CheckSenderDNS(context.Background(), dns, "letters@lanternwood.example", "pm")
	if !reflect.DeepEqual(got.Missing, []string{"SPF", "DKIM", "DMARC"}) {
		t.Fatalf("missing %v", got.Missing)
	}
	for i, want := range []string{"2 SPF records", "no public key", "_dmarc.lanternwood.example"} {
		if !strings.Contains(got.Findings[i].Advice, want) {
			t.Fatalf("finding %d advice %q lacks %q", i, got.Findings[i].Advice, want)
		}
	}
	noSelector := CheckSenderDNS(context.Background(), dns, "letters@lanternwood.example", "")
	if !strings.Contains(noSelector.Findings[1].Advice, "selector") {
		t.Fatalf("no selector: %q", noSelector.Findings[1].Advice)
	}
	bad := CheckSenderDNS(context.Background(), dns, "letters@lanternwood.example", "pm;rm")
	if bad.Findings[1].OK || bad.Findings[1].Lookup != "" {
		t.Fatalf("a selector that is no DNS name was looked up: %+v", bad.Findings[1])
	}
}

func TestSenderDNSTellsAFailedLookupFromAMissingRecord(t *testing.T) {
	got := CheckSenderDNS(context.Background(), fakeDNS{}, "letters@broken.example", "pm")
	if !strings.Contains(got.Findings[0].Advice, "did not answer") {
		t.Fatalf("advice %q", got.Findings[0].Advice)
	}
	none := CheckSenderDNS(context.Background(), fakeDNS{}, "", "pm")
	if len(none.Missing) != 3 || !strings.Contains(none.Findings[0].Advice, "sender address") {
		t.Fatalf("no sender: %+v", none)
	}
}
