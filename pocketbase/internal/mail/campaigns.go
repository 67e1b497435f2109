package mail

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"net/textproto"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"

	studioenv "studio/server/internal/env"
)

// Campaign letters are the one way marketing mail leaves the shop. The hooks write a campaign and
// its letter; this sender makes one campaign_sends row per confirmed member of its lists when it
// starts, and sends them one at a time at the studio's rate, under its daily cap, after every
// notification that is due (orders, commissions and accounts go first). Each row is marked
// "sending" and committed before its letter leaves: a crash mid-letter leaves it "interrupted",
// never sent again, so no member gets a second copy (docs/decisions/028).
const (
	// Sends is the collection of one campaign's letters, one row per recipient.
	Sends             = "campaign_sends"
	campaignIdle      = time.Second
	campaignCapPause  = 30 * time.Second
	campaignMaxTries  = 5
	defaultRate       = 5.0
	defaultDailyCap   = 2000
	letterTokenLength = 32
)

type campaignSender struct {
	q         *mailQueue
	cached    *core.Record // the campaign whose letters are leaving, read once
	lastSweep time.Time    // when the hooks' cart reminder sweep last ran (reminders.go)
}

type letterSettings struct {
	rate     float64
	dailyCap int
	key      string
}

func (c *campaignSender) run() {
	app := c.q.app
	if _, err := app.DB().Update(Sends, dbx.Params{"state": "interrupted"}, dbx.HashExp{"state": "sending"}).Execute(); err != nil {
		app.Logger().Error("campaign letters not checked after a restart", "error", err)
	}
	if _, err := app.DB().Update(ReminderLetters, dbx.Params{"state": "interrupted"}, dbx.HashExp{"state": "sending"}).Execute(); err != nil {
		app.Logger().Error("cart reminder letters not checked after a restart", "error", err)
	}
	for {
		wait := c.step()
		select {
		case <-c.q.done:
			return
		case <-time.After(wait):
		}
	}
}

func (c *campaignSender) settings() (letterSettings, error) {
	s := letterSettings{rate: defaultRate, dailyCap: defaultDailyCap}
	r, err := c.q.app.FindFirstRecordByFilter("newsletter_settings", "id != ''")
	if err != nil {
		return s, err
	}
	if v := r.GetFloat("rate_per_second"); v > 0 {
		s.rate = v
	}
	if v := r.GetInt("daily_cap"); v > 0 {
		s.dailyCap = v
	}
	s.key = r.GetString("signing_key")
	return s, nil
}

// step sends at most one campaign letter and says how long to wait before the next.
func (c *campaignSender) step() time.Duration {
	app := c.q.app
	c.startDue()
	if !app.Settings().SMTP.Enabled {
		return campaignIdle
	}
	s, err := c.settings()
	if err != nil {
		return campaignIdle
	}
	started := time.Now()
	every := time.Duration(float64(time.Second) / s.rate)
	c.q.deliverDue() // the shop's own letters never wait behind a campaign
	c.sweepReminders()
	// A cart reminder is due now, a campaign's letter can wait a moment: reminders go first.
	if c.sentToday() < s.dailyCap && c.sendReminder() {
		return max(0, every-time.Since(started))
	}
	var next struct {
		ID         string `db:"id"`
		Campaign   string `db:"campaign"`
		Subscriber string `db:"subscriber"`
		Email      string `db:"email"`
		Attempts   int    `db:"attempts"`
	}
	err = app.DB().NewQuery(`SELECT s.id, s.campaign, s.subscriber, s.email, s.attempts FROM campaign_sends s
		JOIN campaigns c ON c.id = s.campaign
		WHERE c.state = 'sending' AND s.state = 'queued' AND (s.send_after = '' OR s.send_after <= {:now})
		ORDER BY c.started_at, s.id LIMIT 1`).Bind(dbx.Params{"now": types.NowDateTime().String()}).One(&next)
	if err != nil {
		c.finishDone()
		return campaignIdle
	}
	// Checked once a letter is waiting, so a campaign whose last letter reached the cap still ends.
	if c.sentToday() >= s.dailyCap {
		return campaignCapPause
	}
	claimed, err := app.DB().Update(Sends, dbx.Params{"state": "sending"}, dbx.HashExp{"id": next.ID, "state": "queued"}).Execute()
	if n, _ := rowsOf(claimed); err != nil || n != 1 {
		return 0
	}
	campaign, err := c.campaign(next.Campaign)
	if err != nil {
		c.mark(next.ID, dbx.Params{"state": "failed", "error": "campaign unreadable"})
		return 0
	}
	member, err := app.FindRecordById("newsletter_subscribers", next.Subscriber)
	if err != nil || member.GetString("state") != "confirmed" || !sharesList(listsOf(member), listsOf(campaign)) {
		// Left the list (or was erased) after the campaign started: this letter is not theirs any more.
		c.mark(next.ID, dbx.Params{"state": "skipped"})
		return 0
	}
	c.q.sending.Lock()
	sendErr := app.NewMailClient().Send(c.letter(campaign, member, s.key))
	c.q.sending.Unlock()
	c.record(next.ID, next.Attempts, member, sendErr)
	return max(0, every-time.Since(started))
}

func rowsOf(res interface{ RowsAffected() (int64, error) }) (int64, error) {
	if res == nil {
		return 0, errors.New("no result")
	}
	return res.RowsAffected()
}

func listsOf(r *core.Record) []string {
	var lists []string
	_ = json.Unmarshal([]byte(r.GetString("lists")), &lists)
	return lists
}

func sharesList(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func (c *campaignSender) campaign(id string) (*core.Record, error) {
	if c.cached != nil && c.cached.Id == id {
		return c.cached, nil
	}
	r, err := c.q.app.FindRecordById("campaigns", id)
	if err == nil {
		c.cached = r
	}
	return r, err
}

// startDue turns a campaign whose time has come into its letters: one row per confirmed member of
// any of its lists, made in one statement with the campaign's change of state.
func (c *campaignSender) startDue() {
	app := c.q.app
	due, err := app.FindRecordsByFilter("campaigns", "state = 'scheduled' && send_at <= @now", "send_at", 5, 0)
	if err != nil {
		return
	}
	for _, campaign := range due {
		err := app.RunInTransaction(func(tx core.App) error {
			now := types.NowDateTime().String()
			res, err := tx.DB().NewQuery(`INSERT OR IGNORE INTO campaign_sends (campaign, subscriber, email, state, attempts, error, send_after, sent_at, created)
				SELECT {:campaign}, s.id, s.email, 'queued', 0, '', '', '', {:now} FROM newsletter_subscribers s
				WHERE s.state = 'confirmed' AND EXISTS (SELECT 1 FROM json_each(s.lists) m WHERE m.value IN (SELECT value FROM json_each({:lists})))`).
				Bind(dbx.Params{"campaign": campaign.Id, "now": now, "lists": campaign.GetString("lists")}).Execute()
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			_, err = tx.DB().Update("campaigns", dbx.Params{"state": "sending", "started_at": now, "recipients": n}, dbx.HashExp{"id": campaign.Id, "state": "scheduled"}).Execute()
			return err
		})
		if err != nil {
			app.Logger().Error("campaign not started", "id", campaign.Id, "error", err)
		}
	}
}

// finishDone marks sent the campaigns with no letter left to send.
func (c *campaignSender) finishDone() {
	_, _ = c.q.app.DB().NewQuery(`UPDATE campaigns SET state = 'sent', finished_at = {:now}
		WHERE state = 'sending' AND NOT EXISTS (SELECT 1 FROM campaign_sends s WHERE s.campaign = campaigns.id AND s.state IN ('queued', 'sending'))`).
		Bind(dbx.Params{"now": types.NowDateTime().String()}).Execute()
}

func (c *campaignSender) sentToday() int {
	var n int
	day := time.Now().UTC().Format("2006-01-02") + " 00:00:00.000Z"
	_ = c.q.app.DB().NewQuery("SELECT (SELECT COUNT(*) FROM campaign_sends WHERE sent_at >= {:day}) + (SELECT COUNT(*) FROM cart_reminder_letters WHERE sent_at >= {:day})").
		Bind(dbx.Params{"day": day}).Row(&n)
	return n
}

func (c *campaignSender) mark(id string, changes dbx.Params) {
	if _, err := c.q.app.DB().Update(Sends, changes, dbx.HashExp{"id": id}).Execute(); err != nil {
		c.q.app.Logger().Error("campaign letter not updated", "id", id, "error", err)
	}
}

// LetterToken signs a member's id for the addresses of their letters; pb_hooks/lib/newsletter-tokens.js
// checks it the same way.
func LetterToken(key, memberID string) string {
	h := hmac.New(sha256.New, []byte(key))
	h.Write([]byte("letters:" + memberID))
	return memberID + "." + hex.EncodeToString(h.Sum(nil))[:letterTokenLength]
}

func siteURL() string {
	return strings.TrimRight(studioenv.Get("STUDIO_SITE_URL", "http://127.0.0.1:8090"), "/")
}

func (c *campaignSender) letter(campaign, member *core.Record, key string) *mailer.Message {
	meta := c.q.app.Settings().Meta
	token := LetterToken(key, member.Id)
	// ?c= names the campaign an unsubscribe came from, for its figures; the token alone is the authority.
	unsubscribe := siteURL() + "/letters/unsubscribe/" + token + "?c=" + campaign.Id
	fill := strings.NewReplacer("{{letters_url}}", siteURL()+"/letters/manage/"+token, "{{unsubscribe_url}}", unsubscribe,
		"{{campaign_id}}", campaign.Id, "{{member_token}}", token)
	mailto := "mailto:" + meta.SenderAddress + "?subject=" + url.PathEscape("unsubscribe "+token)
	return &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Name: member.GetString("first_name"), Address: member.GetString("email")}},
		Subject: campaign.GetString("subject"),
		HTML:    fill.Replace(campaign.GetString("html")),
		Text:    fill.Replace(campaign.GetString("text")),
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + unsubscribe + ">, <" + mailto + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		},
	}
}

// record writes what became of one letter. A permanent refusal (5xx) suppresses the address from
// every list; a passing failure (the mail server away, a 4xx) is tried again later, a few times.
func (c *campaignSender) record(id string, attempts int, member *core.Record, sendErr error) {
	now := types.NowDateTime()
	if sendErr == nil {
		c.mark(id, dbx.Params{"state": "sent", "sent_at": now.String(), "error": ""})
		return
	}
	reason := sendErr.Error()
	if len(reason) > 900 {
		reason = reason[:900]
	}
	fmt.Fprintf(os.Stderr, "%s campaign letter not sent: id=%s member=%s error=%q\n", time.Now().UTC().Format(time.RFC3339), id, member.Id, reason)
	if isRefusal(sendErr) {
		c.mark(id, dbx.Params{"state": "refused", "sent_at": now.String(), "error": reason})
		if err := Suppress(c.q.app, member.Id, "mail server refusal", reason); err != nil {
			c.q.app.Logger().Error("address not suppressed", "member", member.Id, "error", err)
		}
		return
	}
	attempts++
	if attempts >= campaignMaxTries {
		c.mark(id, dbx.Params{"state": "failed", "attempts": attempts, "error": reason})
		return
	}
	c.mark(id, dbx.Params{"state": "queued", "attempts": attempts, "error": reason, "send_after": now.Add(retryPause(attempts)).String()})
}

// isRefusal says whether the mail server refused the letter for good (a 5xx answer).
func isRefusal(err error) bool {
	var refusal *textproto.Error
	return errors.As(err, &refusal) && refusal.Code >= 500
}

// Suppress takes an address off every list for good, with a line in its consent log.
func Suppress(app core.App, memberID, via, detail string) error {
	return app.RunInTransaction(func(tx core.App) error {
		member, err := tx.FindRecordById("newsletter_subscribers", memberID)
		if err != nil || member.GetString("state") == "suppressed" {
			return err
		}
		member.Set("state", "suppressed")
		if err := tx.SaveNoValidate(member); err != nil {
			return err
		}
		consents, err := tx.FindCollectionByNameOrId("newsletter_consents")
		if err != nil {
			return err
		}
		row := core.NewRecord(consents)
		row.Set("subscriber", member.Id)
		row.Set("action", "suppressed")
		row.Set("via", via)
		row.Set("lists", member.Get("lists"))
		row.Set("detail", detail)
		return tx.Save(row)
	})
}
