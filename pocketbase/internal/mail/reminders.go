package mail

import (
	"fmt"
	"net/mail"
	"os"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Reminders of a left cart are written by the hooks when they are due (pb_hooks/lib/letters/
// cart-reminder-sweep.js: the cart checked line by line, today's prices) and sent here like a
// campaign's letters: after every due notification, at the studio's rate and under its daily
// cap, with a one-click unsubscribe header, marked "sending" and committed first so a crash
// never sends one twice. The hooks' sweep is a cron job; it is run from here every few seconds
// so a reminder leaves on its minute rather than on the next turn of the cron.
const (
	// ReminderLetters is the collection of cart reminder letters, one row per letter.
	ReminderLetters    = "cart_reminder_letters"
	reminderSweepJob   = "cart_reminders"
	reminderSweepEvery = 5 * time.Second
)

type reminderLetter struct {
	ID             string `db:"id"`
	Reminder       string `db:"reminder"`
	Email          string `db:"email"`
	Subject        string `db:"subject"`
	HTML           string `db:"html"`
	Text           string `db:"text"`
	UnsubscribeURL string `db:"unsubscribe_url"`
	Attempts       int    `db:"attempts"`
}

// sweepReminders runs the hooks' job that writes the reminders now due, at most every few seconds.
func (c *campaignSender) sweepReminders() {
	if time.Since(c.lastSweep) < reminderSweepEvery {
		return
	}
	c.lastSweep = time.Now()
	for _, job := range c.q.app.Cron().Jobs() {
		if job.Id() == reminderSweepJob {
			job.Run()
		}
	}
}

// sendReminder sends the oldest queued reminder letter, if any, and says whether it took one.
func (c *campaignSender) sendReminder() bool {
	app := c.q.app
	var next reminderLetter
	err := app.DB().NewQuery(`SELECT id, reminder, email, subject, html, text, unsubscribe_url, attempts FROM cart_reminder_letters
		WHERE state = 'queued' AND (send_after = '' OR send_after <= {:now}) ORDER BY created, id LIMIT 1`).
		Bind(dbx.Params{"now": types.NowDateTime().String()}).One(&next)
	if err != nil {
		return false
	}
	claimed, err := app.DB().Update(ReminderLetters, dbx.Params{"state": "sending"}, dbx.HashExp{"id": next.ID, "state": "queued"}).Execute()
	if n, _ := rowsOf(claimed); err != nil || n != 1 {
		return true
	}
	// Stopped since it was written (paid, unsubscribed, unticked): this letter is not wanted any more.
	var active int
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM cart_reminders WHERE id = {:id} AND state = 'active'").Bind(dbx.Params{"id": next.Reminder}).Row(&active)
	if active == 0 {
		c.markReminder(next.ID, dbx.Params{"state": "skipped"})
		return true
	}
	c.q.sending.Lock()
	sendErr := app.NewMailClient().Send(reminderMessage(app, next))
	c.q.sending.Unlock()
	c.recordReminder(next, sendErr)
	return true
}

func reminderMessage(app core.App, l reminderLetter) *mailer.Message {
	meta := app.Settings().Meta
	return &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: l.Email}},
		Subject: l.Subject,
		HTML:    l.HTML,
		Text:    l.Text,
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + l.UnsubscribeURL + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		},
	}
}

// recordReminder writes what became of one letter: a permanent refusal stops the reminder (and
// suppresses the address if it is on the newsletter); a passing failure is tried again a few times.
func (c *campaignSender) recordReminder(l reminderLetter, sendErr error) {
	now := types.NowDateTime()
	if sendErr == nil {
		c.markReminder(l.ID, dbx.Params{"state": "sent", "sent_at": now.String(), "error": ""})
		return
	}
	reason := sendErr.Error()
	if len(reason) > 900 {
		reason = reason[:900]
	}
	fmt.Fprintf(os.Stderr, "%s cart reminder not sent: id=%s error=%q\n", time.Now().UTC().Format(time.RFC3339), l.ID, reason)
	if isRefusal(sendErr) {
		c.markReminder(l.ID, dbx.Params{"state": "refused", "sent_at": now.String(), "error": reason})
		_, _ = c.q.app.DB().Update("cart_reminders", dbx.Params{"state": "stopped", "stop_reason": "refused"}, dbx.HashExp{"id": l.Reminder, "state": "active"}).Execute()
		if member, err := c.q.app.FindFirstRecordByData("newsletter_subscribers", "email", l.Email); err == nil {
			if err := Suppress(c.q.app, member.Id, "mail server refusal", reason); err != nil {
				c.q.app.Logger().Error("address not suppressed", "member", member.Id, "error", err)
			}
		}
		return
	}
	attempts := l.Attempts + 1
	if attempts >= campaignMaxTries {
		c.markReminder(l.ID, dbx.Params{"state": "failed", "attempts": attempts, "error": reason})
		return
	}
	c.markReminder(l.ID, dbx.Params{"state": "queued", "attempts": attempts, "error": reason, "send_after": now.Add(retryPause(attempts)).String()})
}

func (c *campaignSender) markReminder(id string, changes dbx.Params) {
	if _, err := c.q.app.DB().Update(ReminderLetters, changes, dbx.HashExp{"id": id}).Execute(); err != nil {
		c.q.app.Logger().Error("cart reminder letter not updated", "id", id, "error", err)
	}
}
