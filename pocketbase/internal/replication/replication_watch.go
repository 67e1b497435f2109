package replication

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"studio/server/internal/mail"
)

// A bucket that stops answering must not go unnoticed until the day the replica is needed: after
// this long without a successful copy the studio gets one letter and /api/health says so.
func replicaAlertAfter() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("STUDIO_REPLICA_ALERT_AFTER")); err == nil && d > 0 {
		return d
	}
	return 5 * time.Minute
}

type replicaHealth struct {
	State            string `json:"state"` // off, ok or failing
	LastReplicatedAt string `json:"lastReplicatedAt,omitempty"`
	Message          string `json:"message"`
}

func (r *replication) health(now time.Time) replicaHealth {
	if r == nil {
		return replicaHealth{State: "off", Message: "Replication is off: writes since the last nightly backup are only on this disk."}
	}
	last := r.lastReplicated()
	since := last
	if since.IsZero() {
		since = r.startedAt
	}
	h := replicaHealth{State: "ok", Message: "Every write is copied to the replica."}
	if !last.IsZero() {
		h.LastReplicatedAt = last.UTC().Format(time.RFC3339)
	}
	if now.Sub(since) > replicaAlertAfter() {
		h.State = "failing"
		h.Message = fmt.Sprintf("Replication has failed since %s: writes since then are only on this disk.", since.UTC().Format(time.RFC3339))
	}
	return h
}

// watchReplication sends one letter each time replication turns to failing.
func watchReplication(app core.App, r *replication, done <-chan struct{}) {
	ticker := time.NewTicker(replicaAlertAfter() / 10)
	defer ticker.Stop()
	alerted := false
	for {
		select {
		case <-done:
			return
		case <-ticker.C:
		}
		failing := r.health(time.Now()).State == "failing"
		if failing && !alerted {
			queueReplicaAlert(app, r)
		}
		alerted = failing
	}
}

func queueReplicaAlert(app core.App, r *replication) {
	fmt.Fprintf(os.Stderr, "%s replication to %s is failing: %s\n", time.Now().UTC().Format(time.RFC3339), r.target, r.health(time.Now()).Message)
	if !app.Settings().SMTP.Enabled {
		return
	}
	outbox, err := app.FindCollectionByNameOrId(mail.Outbox)
	if err != nil {
		app.Logger().Error("replication alert not queued", "error", err)
		return
	}
	text := r.health(time.Now()).Message + " Check the bucket at " + r.target.String() + " and the server's log; the shop keeps taking orders meanwhile."
	for _, to := range studioRecipients(app) {
		row := core.NewRecord(outbox)
		row.Set("recipient", to)
		row.Set("subject", "The shop's data is not reaching its replica")
		row.Set("text", text)
		row.Set("html", "<p>"+html.EscapeString(text)+"</p>")
		row.Set("attempts", 0)
		row.Set("send_after", types.NowDateTime())
		if err := app.Save(row); err != nil {
			app.Logger().Error("replication alert not queued", "to", to, "error", err)
		}
	}
}

// studioRecipients follows pb_hooks/lib/base/mail.js: STUDIO_NOTIFY_EMAIL, else every verified admin,
// else the sender address.
func studioRecipients(app core.App) []string {
	var to []string
	for _, a := range strings.Split(os.Getenv("STUDIO_NOTIFY_EMAIL"), ",") {
		if a = strings.TrimSpace(a); strings.Index(a, "@") > 0 {
			to = append(to, a)
		}
	}
	if len(to) > 0 {
		return to
	}
	admins, _ := app.FindRecordsByFilter("users", "is_admin = true && verified = true", "created", 10, 0)
	for _, u := range admins {
		to = append(to, u.Email())
	}
	if len(to) == 0 && app.Settings().Meta.SenderAddress != "" {
		to = append(to, app.Settings().Meta.SenderAddress)
	}
	return to
}

// replicaHealthInBody adds the replication state to PocketBase's own /api/health answer, keeping
// its status 200: a failing replica is news for the studio, not a reason to take the shop out of
// a load balancer.
func replicaHealthInBody(current func() *replication) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if e.Request.URL.Path != "/api/health" || e.Request.Method != http.MethodGet {
			return e.Next()
		}
		real := e.Response
		captured := &capturedResponse{header: http.Header{}, status: http.StatusOK}
		e.Response = captured
		err := e.Next()
		e.Response = real
		if err != nil {
			return err
		}
		var body map[string]any
		if json.Unmarshal(captured.body.Bytes(), &body) != nil {
			real.WriteHeader(captured.status)
			_, werr := real.Write(captured.body.Bytes())
			return werr
		}
		data, _ := body["data"].(map[string]any)
		if data == nil {
			data = map[string]any{}
		}
		data["replication"] = current().health(time.Now())
		body["data"] = data
		return e.JSON(captured.status, body)
	}
}

type capturedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (c *capturedResponse) Header() http.Header         { return c.header }
func (c *capturedResponse) WriteHeader(status int)      { c.status = status }
func (c *capturedResponse) Write(b []byte) (int, error) { return c.body.Write(b) }
