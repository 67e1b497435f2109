package editions

import "testing"

func chain(edition string, events ...Row) []Row {
	prev := ""
	for i := range events {
		r := &events[i]
		r.Seq, r.Prev = i+1, prev
		r.Digest = Digest(prev, edition, r.Seq, r.Number, r.Event, r.At)
		prev = r.Digest
	}
	return events
}

func TestAChainHoldsUntilAPastRowIsTouched(t *testing.T) {
	rows := chain("ed1",
		Row{Number: 1, Event: Sold, At: "2026-03-01T10:00:00.000Z"},
		Row{Number: 2, Event: Sold, At: "2026-03-02T10:00:00.000Z"},
		Row{Number: 1, Event: Refunded, At: "2026-03-03T10:00:00.000Z"},
	)
	head := rows[2].Digest
	if got := brokenAt("ed1", rows, head); got != 0 {
		t.Fatalf("an untouched chain breaks at %d", got)
	}
	edited := append([]Row(nil), rows...)
	edited[1].At = "2026-01-01T00:00:00.000Z"
	if got := brokenAt("ed1", edited, head); got != 2 {
		t.Errorf("a date changed on row 2 breaks at %d", got)
	}
	if got := brokenAt("ed1", rows[:2], head); got != 3 {
		t.Errorf("the last row taken out breaks at %d", got)
	}
	if got := brokenAt("ed2", rows, head); got != 1 {
		t.Errorf("rows moved to another edition break at %d", got)
	}
}

func TestOnlyANumberAsAnAddressWritesItIsOne(t *testing.T) {
	for in, want := range map[string]int{"7": 7, "50": 50, "10000": 10000, "007": 0, "0": 0, "-1": 0, "10001": 0, "7a": 0, "": 0, "99999999999": 0} {
		if got := ParseNumber(in); got != want {
			t.Errorf("ParseNumber(%q) = %d, want %d", in, got, want)
		}
	}
}
