package heads

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// The commission pages carry what the studio takes in, in the HTML the server sends: each type's
// state on /commissions and the public queue on /commissions/queue, from the public board row that
// pb_hooks/lib/commissions/commission-slots.js keeps (the same row browsers keep offline). The row holds the
// states now and from the next time the studio set ahead; past that time the page shows the
// latter, and a kept page lasts only until then (pages.go), so an opening shows without a write.
const (
	boardID    = "commissionboard"
	queueRoute = "commissions/queue"
)

// ShowsBoard says whether the page at an address shows the board, and so changes with it.
func ShowsBoard(a Address) bool {
	return a.Kind != Unknown && (a.Route == "commissions" || a.Route == queueRoute)
}

type boardState struct {
	Type  string `json:"type"`
	Label string `json:"label"`
	State string `json:"state"`
	Text  string `json:"text"`
}

type queueRow struct {
	Ref              string `json:"ref"`
	Position         int    `json:"position"`
	WaitlistPosition int    `json:"waitlist_position"`
	TypeLabel        string `json:"type_label"`
	Stage            string `json:"stage"`
	Days             int    `json:"days"`
}

type board struct {
	states      []boardState
	queue       []queueRow
	queuePublic bool
	until       time.Time // when what is shown changes by itself; zero when nothing is set ahead
}

func loadBoard(app core.App, now time.Time) (*board, bool) {
	r, err := app.FindRecordById("commission_board", boardID)
	if err != nil {
		return nil, false
	}
	b := &board{queuePublic: r.GetBool("queue_public")}
	states := "states"
	if next := r.GetDateTime("next_at"); !next.IsZero() {
		if now.Before(next.Time()) {
			b.until = next.Time()
		} else {
			states = "next_states"
		}
	}
	_ = json.Unmarshal([]byte(r.GetString(states)), &b.states)
	_ = json.Unmarshal([]byte(r.GetString("queue")), &b.queue)
	return b, true
}

// QueuePublic says whether the studio shows its queue.
func QueuePublic(app core.App) bool {
	b, ok := loadBoard(app, time.Now())
	return ok && b.queuePublic
}

// boardBody is the markup the route's page is filled with, and until when it holds.
func boardBody(app core.App, route string) (string, time.Time) {
	b, ok := loadBoard(app, time.Now())
	if !ok {
		return "", time.Time{}
	}
	e := html.EscapeString
	var s strings.Builder
	switch route {
	case "commissions":
		s.WriteString(`<ul>`)
		for _, st := range b.states {
			fmt.Fprintf(&s, `<li data-state="%s"><span>%s</span> <strong>%s</strong></li>`, e(st.State), e(st.Label), e(st.Text))
		}
		s.WriteString(`</ul>`)
	case queueRoute:
		if len(b.queue) == 0 {
			s.WriteString(`<p>No commissions in the queue just now.</p>`)
			break
		}
		s.WriteString(`<table><thead><tr><th scope="col">Place</th><th scope="col">Type</th><th scope="col">Stage</th><th scope="col">Waited</th></tr></thead><tbody>`)
		for _, q := range b.queue {
			fmt.Fprintf(&s, `<tr data-ref="%s"><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>`, e(q.Ref), e(QueuePlace(q.Position, q.WaitlistPosition)), e(q.TypeLabel), e(q.Stage), e(QueueWaited(q.Days, q.Stage)))
		}
		s.WriteString(`</tbody></table>`)
	}
	return s.String(), b.until
}

// QueuePlace and QueueWaited word a queue row as the app does (src/features/commissions/board.ts).
func QueuePlace(position, waitlist int) string {
	switch {
	case position > 0:
		return fmt.Sprintf("#%d", position)
	case waitlist > 0:
		return fmt.Sprintf("Waitlist #%d", waitlist)
	}
	return "Done"
}

func QueueWaited(days int, stage string) string {
	prefix := ""
	if stage == "Delivered" {
		prefix = "took "
	}
	switch days {
	case 0:
		return prefix + "under a day"
	case 1:
		return prefix + "1 day"
	}
	return fmt.Sprintf("%s%d days", prefix, days)
}
