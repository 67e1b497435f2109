package guard

import (
	"errors"
	"fmt"
	"net/url"
	"os"
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

// Query values that open something: a file token, a password, a code from a letter. The log keeps
// that they were there, never what they were.
var secretQueryKeys = []string{"token", "password", "code"}

func redactedURI(u *url.URL) string {
	if u.RawQuery == "" {
		return u.RequestURI()
	}
	parts := strings.Split(u.RawQuery, "&")
	for i, part := range parts {
		key, _, _ := strings.Cut(part, "=")
		name, err := url.QueryUnescape(key)
		if err != nil {
			name = key
		}
		for _, secret := range secretQueryKeys {
			if strings.Contains(strings.ToLower(name), secret) {
				parts[i] = key + "=REDACTED"
				break
			}
		}
	}
	return u.EscapedPath() + "?" + strings.Join(parts, "&")
}
