package guard

import (
	"testing"
	"time"
)

func TestAWindowAllowsItsCountThenRefuses(t *testing.T) {
	w := &requestWindows{windows: map[string]*requestWindow{}}
	now := time.Unix(1_000_000, 0)
	for i := range 3 {
		if !w.allow("a", 3, time.Minute, now) {
			t.Fatalf("request %d of 3 refused", i+1)
		}
	}
	if w.allow("a", 3, time.Minute, now) {
		t.Fatal("the 4th request of 3 was allowed")
	}
	if !w.allow("b", 3, time.Minute, now) {
		t.Fatal("another key shares the count")
	}
	if !w.allow("a", 3, time.Minute, now.Add(time.Minute)) {
		t.Fatal("a new window starts with the old count")
	}
}
