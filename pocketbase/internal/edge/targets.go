package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var client = &http.Client{Timeout: 10 * time.Second}

// varnish bans by tag at a Varnish running deploy/varnish/lanternwood.vcl: a BAN request with
// the tags in Surrogate-Key, which it turns into a ban of every object carrying one of them.
// It is the studio's own machine: no limit but its own.
type varnish struct{ base string }

func (v varnish) name() string { return "varnish " + v.base }
func (v varnish) batch() int   { return 100 }

func (v varnish) pace() (int, time.Duration) { return 0, 0 }

func (v varnish) send(ctx context.Context, tags []string) error {
	req, err := http.NewRequestWithContext(ctx, "BAN", v.base+"/", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Surrogate-Key", strings.Join(tags, " "))
	return do(req)
}

// cloudflare purges by Cache-Tag through the zone's purge_cache API: up to 100 tags a request,
// and (the Free plan's limit, the lowest) a bucket of 25 requests refilled at 5 a minute.
type cloudflare struct {
	api, zone, token string
}

const cloudflareAPI = "https://api.cloudflare.com/client/v4"

func (c cloudflare) name() string { return "cloudflare" }
func (c cloudflare) batch() int   { return 100 }

func (c cloudflare) pace() (int, time.Duration) { return 25, 12 * time.Second }

func (c cloudflare) send(ctx context.Context, tags []string) error {
	return postJSON(ctx, c.api+"/zones/"+url.PathEscape(c.zone)+"/purge_cache", map[string][]string{"tags": tags}, "Authorization", "Bearer "+c.token)
}

// bunny purges a pull zone by CDN-Tag: one tag a request, at a pace well inside Bunny's purge
// bucket (20 at once, then one every 2 s).
type bunny struct {
	api, zone, key string
}

const bunnyAPI = "https://api.bunny.net"

func (b bunny) name() string { return "bunny" }
func (b bunny) batch() int   { return 1 }

func (b bunny) pace() (int, time.Duration) { return 20, 2 * time.Second }

func (b bunny) send(ctx context.Context, tags []string) error {
	return postJSON(ctx, b.api+"/pullzone/"+url.PathEscape(b.zone)+"/purgeCache", map[string]string{"CacheTag": tags[0]}, "AccessKey", b.key)
}

// postJSON sends a purge API its JSON body, with the key in the header the API reads it from.
func postJSON(ctx context.Context, address string, body any, keyHeader, key string) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, address, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set(keyHeader, key)
	req.Header.Set("Content-Type", "application/json")
	return do(req)
}

// do sends a purge; anything but a 2xx is a failure, named by its status and the start of its
// answer (never the request, which carries the key).
func do(req *http.Request) error {
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Host, errorWithoutURL(err))
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(res.Body, 300))
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s %s", req.Method, req.URL.Host, res.Status, strings.TrimSpace(string(answer)))
	}
	return nil
}

// A url.Error repeats the whole address, which for Cloudflare names the zone: keep the cause.
func errorWithoutURL(err error) error {
	if u, ok := err.(*url.Error); ok {
		return u.Err
	}
	return err
}
