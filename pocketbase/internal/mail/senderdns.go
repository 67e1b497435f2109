package mail

import (
	"context"
	"errors"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	studioenv "studio/server/internal/env"
)

// TXTResolver is the one lookup the sender check needs: net.DefaultResolver in the server, a fake in tests.
type TXTResolver interface {
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

// DNSFinding is one of SPF, DKIM and DMARC for the sender's domain, with what to do when it is not right.
type DNSFinding struct {
	Name   string `json:"name"`
	Lookup string `json:"lookup"`
	OK     bool   `json:"ok"`
	Record string `json:"record"`
	Advice string `json:"advice"`
}

// SenderDNS is what the Letters area shows before the first campaign: mail providers (Gmail and
// Yahoo for bulk senders) refuse or bin letters from a domain without these records.
type SenderDNS struct {
	Address  string       `json:"address"`
	Domain   string       `json:"domain"`
	Findings []DNSFinding `json:"findings"`
	Missing  []string     `json:"missing"`
}

var selectorPattern = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$`)

var dkimKey = regexp.MustCompile(`(^|;)\s*p=[A-Za-z0-9+/=]{16,}`)

// CheckSenderDNS looks up the SPF, DKIM (under selector) and DMARC records of the address's domain.
func CheckSenderDNS(ctx context.Context, r TXTResolver, address, selector string) SenderDNS {
	out := SenderDNS{Address: address}
	at := strings.LastIndex(address, "@")
	if at < 0 || at == len(address)-1 {
		out.Missing = []string{"SPF", "DKIM", "DMARC"}
		for _, name := range out.Missing {
			out.Findings = append(out.Findings, DNSFinding{Name: name, Advice: "Set the sender address of the shop's mail first."})
		}
		return out
	}
	out.Domain = strings.ToLower(strings.TrimSuffix(address[at+1:], "."))
	out.Findings = []DNSFinding{
		checkOne(ctx, r, "SPF", out.Domain, "v=spf1", "Add a TXT record at "+out.Domain+" with the SPF line your mail provider gives (v=spf1 include:… ~all)."),
		checkDKIM(ctx, r, out.Domain, selector),
		checkOne(ctx, r, "DMARC", "_dmarc."+out.Domain, "v=DMARC1", "Add a TXT record at _dmarc."+out.Domain+", at least v=DMARC1; p=none; rua=mailto:<an address of yours>."),
	}
	for _, f := range out.Findings {
		if !f.OK {
			out.Missing = append(out.Missing, f.Name)
		}
	}
	return out
}

func checkDKIM(ctx context.Context, r TXTResolver, domain, selector string) DNSFinding {
	if selector == "" {
		return DNSFinding{Name: "DKIM", Advice: "Enter the DKIM selector your mail provider gave you (the part before ._domainkey) in the letter settings."}
	}
	if !selectorPattern.MatchString(selector) {
		return DNSFinding{Name: "DKIM", Advice: "The DKIM selector is not a DNS name: check it in the letter settings."}
	}
	name := selector + "._domainkey." + domain
	f := checkOne(ctx, r, "DKIM", name, "", "Add the DKIM TXT (or CNAME) record your mail provider gives at "+name+".")
	// A key record carries its public key in p=; an empty p= is a revoked key.
	if f.OK && !dkimKey.MatchString(f.Record) {
		f.OK = false
		f.Advice = "The record at " + name + " has no public key (p=): copy it again from your mail provider."
	}
	return f
}

// checkOne finds the one TXT record at name starting with prefix (any TXT record when prefix is empty).
func checkOne(ctx context.Context, r TXTResolver, what, name, prefix, advice string) DNSFinding {
	f := DNSFinding{Name: what, Lookup: name}
	records, err := r.LookupTXT(ctx, name)
	var dnsErr *net.DNSError
	if err != nil && !(errors.As(err, &dnsErr) && dnsErr.IsNotFound) {
		f.Advice = "The lookup of " + name + " did not answer: try again in a minute."
		return f
	}
	var found []string
	for _, rec := range records {
		if prefix == "" || strings.HasPrefix(strings.ToLower(strings.TrimSpace(rec)), strings.ToLower(prefix)) {
			found = append(found, rec)
		}
	}
	switch {
	case len(found) == 0:
		f.Advice = advice
	case len(found) > 1 && prefix != "":
		f.Record = strings.Join(found, " | ")
		f.Advice = "There are " + strconv.Itoa(len(found)) + " " + what + " records at " + name + ": receivers ignore all of them. Merge them into one."
	default:
		f.OK = true
		f.Record = found[0]
	}
	return f
}

// senderResolver is the system's resolver, or the DNS server STUDIO_DNS_SERVER names (host:port): a
// deployment whose system resolver is unsuitable, and the tests, which must never reach the network.
func senderResolver() TXTResolver {
	server := studioenv.Get("STUDIO_DNS_SERVER", "")
	if server == "" {
		return net.DefaultResolver
	}
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, server)
	}}
}

// registerSenderDNS serves the check to the studio; resolver is net.DefaultResolver in the server.
func registerSenderDNS(se *core.ServeEvent, resolver TXTResolver) {
	se.Router.GET("/api/studio/letters/sender-dns", func(e *core.RequestEvent) error {
		auth := e.Auth
		if auth == nil || !(auth.IsSuperuser() || (auth.Collection().Name == "users" && auth.GetBool("is_admin"))) {
			return e.ForbiddenError("Only the studio can do this.", nil)
		}
		selector := ""
		if s, err := e.App.FindFirstRecordByFilter("newsletter_settings", "id != ''"); err == nil {
			selector = strings.TrimSpace(s.GetString("dkim_selector"))
		}
		ctx, cancel := context.WithTimeout(e.Request.Context(), 5*time.Second)
		defer cancel()
		e.Response.Header().Set("Cache-Control", "no-store")
		return e.JSON(http.StatusOK, CheckSenderDNS(ctx, resolver, e.App.Settings().Meta.SenderAddress, selector))
	})
}
