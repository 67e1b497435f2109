package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// accessLog writes one line per request to stdout (journald keeps it), and for a failed request
// the reason and the details PocketBase attached, so an error can be acted on from the log alone.
// PocketBase's own request log stays in the dashboard; SQL is only printed with --dev.
func accessLog(e *core.RequestEvent) error {
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
		e.Request.URL.RequestURI(), status, float64(time.Since(start).Microseconds())/1000, e.RealIP())
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
