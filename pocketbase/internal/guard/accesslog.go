package guard

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// AccessLog writes one line per request to stdout (journald keeps it), and for a failed request
// the reason and the details PocketBase attached, so an error can be acted on from the log alone.
// PocketBase's own request log stays in the dashboard; SQL is only printed with --dev.
func AccessLog(e *core.RequestEvent) error {
	start := time.Now()
	err := e.Next()

	status := e.Status()
	var apiErr *router.ApiError
	if err != nil && status == 0 {
		status = 500
		if errors.As(err, &apiErr) {
			status = apiErr.Status
		}
	}
	if status == 0 {
		status = 200
	}
	line := fmt.Sprintf("%s %s %s %d %.1fms ip=%s", start.UTC().Format(time.RFC3339), e.Request.Method,
		redactedURI(e.Request.URL), status, float64(time.Since(start).Microseconds())/1000, e.RealIP())
	if err != nil {
		line += fmt.Sprintf(" error=%q", err.Error())
		if apiErr != nil && apiErr.RawData() != nil {
			line += fmt.Sprintf(" details=%q", fmt.Sprint(apiErr.RawData()))
		}
		if errors.Unwrap(err) != nil {
			line += fmt.Sprintf(" cause=%q", errors.Unwrap(err).Error())
		}
	}
	if status >= 500 {
		fmt.Fprintln(os.Stderr, line)
	} else {
		fmt.Fprintln(os.Stdout, line)
	}
	return err
}

// Values that open something: a file token, a password, a code from a letter, a key or a
// signature. The log keeps that they were there, never what they were, in the query (pairs split
// at "&" or ";", as some clients send them), in a path segment's ";" parameters, and wherever a
// signed token (a JWT) or a link carrying one appears.
var (
	secretName  = regexp.MustCompile(`token|passw|passcode|code|secret|apikey|api_key|^key$|_key$|authori[sz]ation|^auth$|^auth_|signature|^sig$|^otp$|session|jwt|credential`)
	secretInURL = regexp.MustCompile(`(?i)(token|passw|secret|code|apikey|api_key|signature)[^=&;/?]*=`)
	signedToken = regexp.MustCompile(`eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}`)
)

// Paths whose next segment opens something by itself: a checkout's id is all it takes to read,
// pay or cancel that checkout.
var secretSegmentAfter = []string{"/api/studio/checkout/"}

func redactedURI(u *url.URL) string {
	escaped := u.EscapedPath()
	segments := strings.Split(escaped, "/")
	secretAt := -1
	for _, prefix := range secretSegmentAfter {
		if strings.HasPrefix(escaped, prefix) && len(escaped) > len(prefix) {
			secretAt = strings.Count(prefix, "/")
		}
	}
	for i, segment := range segments {
		name, params, hasParams := strings.Cut(segment, ";")
		if plain := unescaped(name); i == secretAt || signedToken.MatchString(plain) || secretInURL.MatchString(plain) {
			name = "REDACTED"
		}
		if hasParams {
			name += ";" + redactedPairs(params)
		}
		segments[i] = name
	}
	path := strings.Join(segments, "/")
	if u.RawQuery == "" {
		return path
	}
	return path + "?" + redactedPairs(u.RawQuery)
}

func redactedPairs(raw string) string {
	var b strings.Builder
	for {
		end := strings.IndexAny(raw, "&;")
		pair := raw
		if end >= 0 {
			pair = raw[:end]
		}
		key, value, _ := strings.Cut(pair, "=")
		plain := unescaped(value)
		if secretName.MatchString(strings.ToLower(unescaped(key))) || signedToken.MatchString(plain) || secretInURL.MatchString(plain) {
			pair = key + "=REDACTED"
		}
		b.WriteString(pair)
		if end < 0 {
			return b.String()
		}
		b.WriteByte(raw[end])
		raw = raw[end+1:]
	}
}

func unescaped(s string) string {
	if plain, err := url.QueryUnescape(s); err == nil {
		return plain
	}
	return s
}

// RedactRequestLogs keeps PocketBase's own request log (the dashboard's logs, kept in the
// auxiliary database and so in every backup) to what the access log keeps: the same address with
// its keys and checkout ids taken out, and the same for the page a request came from.
func RedactRequestLogs(app core.App) {
	app.OnModelCreate().BindFunc(func(e *core.ModelEvent) error {
		if l, ok := e.Model.(*core.Log); ok && l.Data != nil {
			for _, field := range []string{"url", "referer"} {
				if raw, ok := l.Data[field].(string); ok && raw != "" {
					l.Data[field] = redactedAddress(raw)
				}
			}
			// A request's message is its method and address.
			if method, address, ok := strings.Cut(l.Message, " "); ok && l.Data["type"] == "request" {
				l.Message = method + " " + redactedAddress(address)
			}
		}
		return e.Next()
	})
}

// redactedAddress is an address (a path with its query, or a whole URL) as the access log writes it.
func redactedAddress(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "REDACTED"
	}
	origin := ""
	if u.Scheme != "" || u.Host != "" {
		origin = u.Scheme + "://" + u.Host
	}
	return origin + redactedURI(u)
}
