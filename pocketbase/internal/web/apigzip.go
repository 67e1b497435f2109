package web

import (
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// APIGzip compresses API answers (JSON) with PocketBase's gzip middleware. Files are left
// alone (pictures are already compressed, and range requests must see the stored bytes), and so
// is the realtime stream, whose events must reach the browser as they happen. Small answers
// travel as they are: below a packet, gzip only adds bytes.
func APIGzip() *hook.Handler[*core.RequestEvent] {
	gzip := apis.GzipWithConfig(apis.GzipConfig{MinLength: 1024})
	return &hook.Handler[*core.RequestEvent]{
		Id: "studioApiGzip",
		Func: func(e *core.RequestEvent) error {
			p := e.Request.URL.Path
			// A download is a file already packed (PDF, PNG, ZIP) served in ranges: compressing
			// it again costs the CPU of a core per buyer and breaks a resumed range's byte offsets.
			if !strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/api/files/") || strings.HasPrefix(p, "/api/realtime") || strings.HasPrefix(p, "/api/studio/downloads/") {
				return e.Next()
			}
			return gzip.Func(e)
		},
	}
}
