package downloads

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"studio/server/internal/access"
)

// ResumeWindow is how long a download that counted may be resumed (by Range) through its address,
// from the network that started it, without counting again.
const ResumeWindow = 6 * time.Hour

// A token is 43 base64url characters (258 bits), made by the hooks (pb_hooks/lib/orders/downloads.js).
var tokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// Register wires the upload checks and the download route.
func Register(app core.App) {
	app.OnRecordCreateRequest("digital_files").BindFunc(keepUploadFacts)
	app.OnRecordUpdateRequest("digital_files").BindFunc(keepUploadFacts)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/studio/downloads/{token}", serve)
		return se.Next()
	})
}

// ended is a download that cannot be served, and why, as the buyer reads it.
type ended struct {
	status  int
	title   string
	message string
	fresh   bool // the page offers "send me a fresh link"
}

func (e *ended) Error() string { return e.message }

var (
	notFound  = &ended{http.StatusNotFound, "This download address is not known", "Check that the whole address was copied, or open your order's page for a fresh one.", false}
	lapsed    = &ended{http.StatusGone, "This download address has expired", "Download addresses last a few minutes. Open your order's page for a fresh one, or have one sent to you.", true}
	elsewhere = &ended{http.StatusGone, "This download address belongs to another download", "It was used from another network. Open your order's page for an address of your own, or have one sent to you.", true}
)

func serve(e *core.RequestEvent) error {
	token := e.Request.PathValue("token")
	e.Response.Header().Set("Cache-Control", "private, no-store")
	e.Response.Header().Set("Referrer-Policy", "no-referrer")
	e.Response.Header().Set("X-Robots-Tag", "noindex")
	if !tokenPattern.MatchString(token) {
		return page(e, token, notFound)
	}
	sum := sha256.Sum256([]byte(token))
	link, err := e.App.FindFirstRecordByData("download_links", "token_hash", hex.EncodeToString(sum[:]))
	if err != nil {
		return page(e, token, notFound)
	}
	grant, file, err := admit(e.App, link, access.Network(e.RealIP()), time.Now().UTC())
	var end *ended
	if errors.As(err, &end) {
		return page(e, token, end)
	}
	if err != nil {
		return err
	}
	key := file.BaseFilesPath() + "/" + file.GetString("file")
	if file.GetBool("stamp") {
		if key, err = stampedKey(e.App, grant, file); err != nil {
			return err
		}
	}
	fs, err := e.App.NewFilesystem()
	if err != nil {
		return err
	}
	defer fs.Close()
	e.Response.Header().Set("Content-Disposition", `attachment; filename="`+downloadName(file)+`"`)
	e.Response.Header().Set("Content-Type", file.GetString("content_type"))
	// Streams from disk or the bucket in pieces, answering Range requests (http.ServeContent).
	return fs.Serve(e.Response, e.Request, key, downloadName(file))
}

// admit decides whether this request may have the file: the first request through an address
// counts one download of its grant, in one step with the check that one is left; later requests
// through it (a resumed Range) count nothing, from the same network and within ResumeWindow.
func admit(app core.App, link *core.Record, network string, now time.Time) (*core.Record, *core.Record, error) {
	var grant, file *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById("download_links", link.Id)
		if err != nil {
			return notFound
		}
		grant, err = tx.FindRecordById("download_grants", fresh.GetString("grant"))
		if err != nil {
			return notFound
		}
		if end := grantEnded(grant, now); end != nil {
			return end
		}
		file, err = tx.FindRecordById("digital_files", grant.GetString("file"))
		if err != nil {
			return &ended{http.StatusGone, "This file is no longer offered", "The studio has taken it down. Write to the studio if you need it.", false}
		}
		if counted := fresh.GetDateTime("counted_at"); !counted.IsZero() {
			if fresh.GetString("network") != network {
				return elsewhere
			}
			if now.After(counted.Time().Add(ResumeWindow)) {
				return lapsed
			}
			return nil
		}
		if now.After(fresh.GetDateTime("expires_at").Time()) {
			return lapsed
		}
		res, err := tx.DB().NewQuery("UPDATE download_grants SET used = used + 1 WHERE id = {:id} AND used < allowed").Bind(dbx.Params{"id": grant.Id}).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return usedUp(grant)
		}
		stamp := types.NowDateTime()
		res, err = tx.DB().NewQuery("UPDATE download_links SET counted_at = {:at}, network = {:net} WHERE id = {:id} AND counted_at = ''").
			Bind(dbx.Params{"id": fresh.Id, "at": stamp.String(), "net": network}).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errors.New("download address counted twice") // SQLite serialises writers: never
		}
		return nil
	})
	return grant, file, err
}

// grantEnded says why a grant gives no more downloads, or nil while it stands.
func grantEnded(grant *core.Record, now time.Time) *ended {
	switch reason := grant.GetString("revoked"); reason {
	case "":
	case "refunded":
		return &ended{http.StatusGone, "This download was refunded", "Its order line was refunded in full, so its files are no longer yours to download.", false}
	case "disputed":
		return &ended{http.StatusGone, "This download is on hold", "A dispute was opened with the bank about its payment, so its files cannot be downloaded while it lasts. Write to the studio to settle it.", false}
	default:
		return &ended{http.StatusGone, "This download has ended", reason, false}
	}
	if now.After(grant.GetDateTime("expires_at").Time()) {
		return &ended{http.StatusGone, "This download has expired", "Its year to download ended on " + grant.GetDateTime("expires_at").Time().Format("2 January 2006") + ". Ask for a fresh link and the studio will see your request.", true}
	}
	if grant.GetInt("used") >= grant.GetInt("allowed") {
		return usedUp(grant)
	}
	return nil
}

func usedUp(grant *core.Record) *ended {
	return &ended{http.StatusGone, "Every download of this file is used", fmt.Sprintf("It has been downloaded %d times, all it allows. Ask for a fresh link and the studio will see your request.", grant.GetInt("allowed")), true}
}

// downloadName is the file's own name as the studio uploaded it, without PocketBase's suffix.
func downloadName(file *core.Record) string {
	stored := file.GetString("file")
	ext := filepath.Ext(stored)
	base := strings.TrimSuffix(stored, ext)
	if i := strings.LastIndexByte(base, '_'); i > 0 {
		base = base[:i]
	}
	return base + ext
}

var endedPage = template.Must(template.New("ended").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#2b2622;background:#fbf8f3}
@media (prefers-color-scheme:dark){body{color:#eee7dd;background:#1d1a17}input,button{color:inherit;background:#2a2622}}
label{display:block;margin:1rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #8a8178;border-radius:6px}
button{font:inherit;margin-top:.75rem;padding:.5rem 1rem;border:1px solid #8a8178;border-radius:6px;cursor:pointer}:focus-visible{outline:3px solid #c27b2c;outline-offset:2px}</style></head>
<body><main><h1>{{.Title}}</h1><p>{{.Message}}</p>
{{if .Fresh}}<form method="post" action="/api/studio/downloads/fresh"><input type="hidden" name="token" value="{{.Token}}">
<label for="email">The e-mail address of your order</label><input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Send me a fresh link</button></form>{{end}}
<p><a href="/">Back to the shop</a></p></main></body></html>`))

func page(e *core.RequestEvent, token string, end *ended) error {
	e.Response.Header().Set("Content-Type", "text/html; charset=utf-8")
	e.Response.WriteHeader(end.status)
	shown := ""
	if end.fresh && tokenPattern.MatchString(token) {
		shown = token
	}
	return endedPage.Execute(e.Response, map[string]any{"Title": end.title, "Message": end.message, "Fresh": end.fresh, "Token": shown})
}
