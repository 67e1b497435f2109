// Package editions owns the register of numbered editions: the digest that chains each ledger row
// to the one before it, the check of a whole edition's chain, the public verify page's markup and
// each number's certificate (a print-ready PDF with a QR code to that page). The hooks write the
// ledger (pb_hooks/lib/orders/edition-ledger.js) and ask here for the digest, so one function makes and checks
// it. It imports nothing of the server's.
package editions

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The events a ledger row records.
const (
	Sold     = "sold"
	Refunded = "refunded"
)

// Digest is a row's digest: the row's own facts and the digest of the row before it ("" for the
// first), so changing any past row, or taking one out, breaks every digest after it.
func Digest(prev, edition string, seq, number int, event, at string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s\n%s\n%d\n%d\n%s\n%s", prev, edition, seq, number, event, at)))
	return hex.EncodeToString(sum[:])
}

// Row is one ledger row as stored.
type Row struct {
	Seq    int    `db:"seq"`
	Number int    `db:"number"`
	Event  string `db:"event"`
	At     string `db:"at"`
	Prev   string `db:"prev"`
	Digest string `db:"digest"`
}

// Ledger is an edition with its rows in order and the outcome of checking their chain.
type Ledger struct {
	Edition *core.Record
	Rows    []Row
	// BrokenAt is the first row whose digest, place or link does not hold; 0 when the chain holds.
	// A row taken from the end shows as the edition's recorded head no longer matching: BrokenAt is
	// then one past the last row.
	BrokenAt int
}

// Load reads an edition's ledger and checks its chain.
func Load(app core.App, editionID string) (*Ledger, error) {
	edition, err := app.FindRecordById("editions", editionID)
	if err != nil {
		return nil, err
	}
	l := &Ledger{Edition: edition}
	err = app.DB().Select("seq", "number", "event", "at", "prev", "digest").From("edition_ledger").
		Where(dbx.HashExp{"edition": editionID}).OrderBy("seq ASC").All(&l.Rows)
	if err != nil {
		return nil, err
	}
	l.BrokenAt = brokenAt(editionID, l.Rows, edition.GetString("ledger_head"))
	return l, nil
}

func brokenAt(edition string, rows []Row, head string) int {
	prev := ""
	for i, r := range rows {
		if r.Seq != i+1 || r.Prev != prev || Digest(prev, edition, r.Seq, r.Number, r.Event, r.At) != r.Digest {
			return i + 1
		}
		prev = r.Digest
	}
	if prev != head {
		return len(rows) + 1
	}
	return 0
}

// Entry is what the ledger says of one number: its sale and, once refunded, its refund.
type Entry struct {
	Number   int
	Sale     *Row
	Refund   *Row
	Size     int
	Issued   bool
	Verified bool // the chain holds
}

// Entry is number n's entry, with Issued false when it was never sold.
func (l *Ledger) Entry(n int) Entry {
	e := Entry{Number: n, Size: l.Edition.GetInt("size"), Verified: l.BrokenAt == 0}
	for i := range l.Rows {
		r := &l.Rows[i]
		if r.Number != n {
			continue
		}
		switch r.Event {
		case Sold:
			e.Sale = r
		case Refunded:
			e.Refund = r
		}
	}
	e.Issued = e.Sale != nil
	return e
}

// ParseNumber reads a number as an address writes it: digits, no leading zero, at most the
// largest edition's size; 0 when it is not one.
func ParseNumber(s string) int {
	if s == "" || len(s) > 5 || s[0] == '0' {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxSize {
		return 0
	}
	return n
}

// MaxSize is the largest edition the studio may set (as the editions collection allows).
const MaxSize = 10000
