package mail

import (
	"testing"
	"time"
)

func TestRetriesPauseLongerUpToAnHour(t *testing.T) {
	want := map[int]time.Duration{1: 5 * time.Second, 2: 10 * time.Second, 3: 20 * time.Second, 10: 2560 * time.Second, 11: time.Hour, 12: time.Hour}
	for attempts, pause := range want {
		if got := retryPause(attempts); got != pause {
			t.Errorf("retryPause(%d) = %v, want %v", attempts, got, pause)
		}
	}
}
