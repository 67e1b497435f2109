// Package mail delivers the letters the hooks queue in mail_outbox, retrying while the mail
// server is away, and says at start whether mail can leave at all. It owns delivery only: it must
// not write a letter's content (the hooks do) nor decide who receives one. It imports nothing of
// the server's.
package mail

import (
	"fmt"
	"net/mail"
	"os"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The hooks never send mail themselves: they add a row to mail_outbox in the same transaction
// as the write that calls for it, so a notification exists exactly when its cause was committed,
// and the request returns without waiting on an SMTP server. This worker delivers the rows,
// retrying with growing pauses while the mail server is away.
const (
	// Outbox is the collection of queued letters.
	Outbox           = "mail_outbox"
	mailPollEvery    = 2 * time.Second
	mailFirstRetry   = 5 * time.Second
	mailLongestRetry = time.Hour
	mailMaxAttempts  = 12 // about three and a half hours of retries
	mailBatch        = 20
)

type mailQueue struct {
	app  core.App
	wake chan struct{}
	done chan struct{}
	// One letter leaves at a time: the outbox and campaigns share one connection's worth of mail
	// server, and a notification row must not be picked by both loops.
	sending sync.Mutex
}

// Register starts the delivery with the server.
func Register(app core.App) {
	q := &mailQueue{app: app, wake: make(chan struct{}, 1), done: make(chan struct{})}

	// After-success hooks run once the row is committed, so the worker can see it now.
	app.OnRecordAfterCreateSuccess(Outbox).BindFunc(func(e *core.RecordEvent) error {
		q.poke()
		return e.Next()
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		fmt.Println(Status(se.App))
		go q.run()
		go (&campaignSender{q: q}).run()
		registerSenderDNS(se, senderResolver())
		se.App.Cron().MustAdd("mail_outbox_cleanup", "40 4 * * *", q.forgetOldMail)
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		close(q.done)
		return e.Next()
	})
}

func (q *mailQueue) poke() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *mailQueue) run() {
	ticker := time.NewTicker(mailPollEvery)
	defer ticker.Stop()
	for {
		select {
		case <-q.done:
			return
		case <-q.wake:
		case <-ticker.C:
		}
		q.deliverDue()
	}
}

func (q *mailQueue) deliverDue() {
	q.sending.Lock()
	defer q.sending.Unlock()
	// Without SMTP the rows wait; the start output already said that no mail is sent.
	if !q.app.Settings().SMTP.Enabled {
		return
	}
	due, err := q.app.FindRecordsByFilter(Outbox,
		"sent_at = '' && send_after <= @now && attempts < {:max}", "send_after", mailBatch, 0,
		map[string]any{"max": mailMaxAttempts})
	if err != nil {
		q.app.Logger().Error("mail outbox unreadable", "error", err)
		return
	}
	for _, r := range due {
		q.deliver(r)
	}
}

func (q *mailQueue) deliver(r *core.Record) {
	meta := q.app.Settings().Meta
	msg := &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: r.GetString("recipient")}},
		Subject: r.GetString("subject"),
		HTML:    r.GetString("html"),
		Text:    r.GetString("text"),
	}
	sendErr := q.app.NewMailClient().Send(msg)
	// Only the delivery columns are written: the row as read here may be older than the one in the
	// database, and the hooks own its content.
	changes := dbx.Params{"sent_at": types.NowDateTime().String(), "last_error": ""}
	if sendErr != nil {
		attempts := r.GetInt("attempts") + 1
		changes = dbx.Params{
			"attempts":   attempts,
			"last_error": sendErr.Error(),
			"send_after": types.NowDateTime().Add(retryPause(attempts)).String(),
		}
		fmt.Fprintf(os.Stderr, "%s mail not sent: id=%s to=%s subject=%q attempt=%d/%d error=%q\n",
			time.Now().UTC().Format(time.RFC3339), r.Id, r.GetString("recipient"), r.GetString("subject"),
			attempts, mailMaxAttempts, sendErr.Error())
		q.app.Logger().Error("mail not sent", "id", r.Id, "to", r.GetString("recipient"), "attempt", attempts, "error", sendErr)
	}
	if _, err := q.app.DB().Update(Outbox, changes, dbx.HashExp{"id": r.Id}).Execute(); err != nil {
		q.app.Logger().Error("mail outbox not updated", "id", r.Id, "error", err)
	}
}

// retryPause doubles from five seconds up to an hour.
func retryPause(attempts int) time.Duration {
	pause := mailFirstRetry
	for i := 1; i < attempts && pause < mailLongestRetry; i++ {
		pause *= 2
	}
	return min(pause, mailLongestRetry)
}

func (q *mailQueue) forgetOldMail() {
	old, err := q.app.FindRecordsByFilter(Outbox, "sent_at != '' && sent_at < {:before}", "", 1000, 0,
		map[string]any{"before": types.NowDateTime().AddDate(0, 0, -30).String()})
	if err != nil {
		return
	}
	for _, r := range old {
		_ = q.app.Delete(r)
	}
}

// Status is the line the server prints at start, so nobody waits for a mail that cannot leave.
func Status(app core.App) string {
	s := app.Settings()
	if !s.SMTP.Enabled {
		return "Mail: no SMTP server configured, so no mail is sent (password resets, verifications and notifications stay unsent). Set STUDIO_SMTP_HOST and STUDIO_MAIL_SENDER_ADDRESS to send mail."
	}
	return fmt.Sprintf("Mail: sending through %s:%d as %s <%s>", s.SMTP.Host, s.SMTP.Port, s.Meta.SenderName, s.Meta.SenderAddress)
}
