package editions

import (
	"fmt"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// A verify page is read from the ledger and kept by the page cache (web/pages.go) until a sale or a
// refund moves the catalogue's version (each saves its edition), or for CheckedFor at most: an edit
// made to the database by hand moves nothing, and the page says so within that time.
const CheckedFor = time.Minute

// Verification is what /verify/<edition>/<n> shows: its status, title and markup.
type Verification struct {
	Status int
	Title  string
	Body   string
	Found  bool // the edition exists: a made-up edition is the site's 404
}

// Verify reads number n (as the address writes it) of an edition from its ledger. It names the
// piece, the number, the paper, the print date and the day it was sold, never the buyer.
func Verify(app core.App, editionID, number string) Verification {
	l, err := Load(app, editionID)
	if err != nil {
		return Verification{Status: http.StatusNotFound}
	}
	title := ""
	if painting, err := app.FindRecordById("paintings", l.Edition.GetString("painting")); err == nil {
		title = painting.GetString("title")
	}
	size := l.Edition.GetInt("size")
	n := ParseNumber(number)
	e := html.EscapeString
	var s strings.Builder
	s.WriteString(`<p class="eyebrow">Edition ledger</p>`)
	v := Verification{Found: true, Status: http.StatusOK}
	if n == 0 || n > size {
		v.Status, v.Title = http.StatusNotFound, fmt.Sprintf("Not issued · %s", title)
		fmt.Fprintf(&s, `<h1>Not issued</h1><p data-verdict="not-issued">The edition of <strong>%s</strong> has %d numbers: there is no number %s.</p>`, e(title), size, e(number))
		return finish(v, &s, l)
	}
	entry := l.Entry(n)
	v.Title = fmt.Sprintf("%s, %d/%d", title, n, size)
	fmt.Fprintf(&s, `<h1>%s <span class="number">%d/%d</span></h1>`, e(title), n, size)
	switch {
	case !entry.Issued:
		v.Status, v.Title = http.StatusNotFound, fmt.Sprintf("%d/%d not issued · %s", n, size, title)
		fmt.Fprintf(&s, `<p data-verdict="not-issued"><strong>Not issued.</strong> Number %d of this edition has not been sold: a certificate that shows it is not genuine.</p>`, n)
	case l.BrokenAt != 0:
		// Checked first: a ledger that was tampered with vouches for nothing, a refund included.
	case entry.Refund != nil:
		fmt.Fprintf(&s, `<p data-verdict="refunded"><strong>Refunded.</strong> Number %d was sold on %s and refunded on %s. It is not sold again: a certificate of it is void.</p>`, n, day(entry.Sale.At), day(entry.Refund.At))
	default:
		fmt.Fprintf(&s, `<p data-verdict="genuine"><strong>Genuine.</strong> Number %d of %d, sold on %s.</p>`, n, size, day(entry.Sale.At))
	}
	s.WriteString(`<dl>`)
	fact := func(name, value string) {
		if value != "" {
			fmt.Fprintf(&s, `<div><dt>%s</dt><dd>%s</dd></div>`, name, e(value))
		}
	}
	fact("Paper", l.Edition.GetString("paper"))
	fact("Size", l.Edition.GetString("dimensions"))
	if printed := l.Edition.GetDateTime("print_date"); !printed.IsZero() {
		fact("Printed", printed.Time().Format("January 2006"))
	}
	fact("Edition", fmt.Sprintf("%d numbered prints", size))
	if entry.Issued {
		fact("Ledger entry", entry.Sale.Digest[:16])
	}
	s.WriteString(`</dl>`)
	return finish(v, &s, l)
}

// finish adds the ledger's own check to every page of the edition.
func finish(v Verification, s *strings.Builder, l *Ledger) Verification {
	if l.BrokenAt != 0 {
		fmt.Fprintf(s, `<p data-verdict="broken" role="alert"><strong>The ledger does not verify.</strong> Entry %d of this edition's ledger was changed, removed or added by hand after it was written, so no number of this edition can be confirmed here. Please contact the studio.</p>`, l.BrokenAt)
	} else {
		fmt.Fprintf(s, `<p class="muted" data-ledger="verified">The edition's ledger of %d entries checks out: each entry carries a digest of the one before it.</p>`, len(l.Rows))
	}
	v.Body = s.String()
	return v
}

func day(at string) string {
	t := soldOn(at)
	if t.IsZero() {
		return at
	}
	return t.UTC().Format("2 January 2006")
}
