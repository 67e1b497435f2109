package edge

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

type purgeAPI struct {
	mu       sync.Mutex
	requests []map[string]any
	auth     []string
	status   int
}

func (p *purgeAPI) server(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		p.mu.Lock()
		defer p.mu.Unlock()
		p.requests = append(p.requests, map[string]any{"path": r.URL.Path, "body": body})
		p.auth = append(p.auth, r.Header.Get("Authorization")+r.Header.Get("AccessKey"))
		if p.status != 0 {
			w.WriteHeader(p.status)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (p *purgeAPI) seen(n int) []map[string]any {
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		p.mu.Lock()
		got := len(p.requests)
		p.mu.Unlock()
		if got >= n {
			break
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.requests)
}

func run(t *testing.T, q *queue) {
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	go q.run(ctx)
}

func TestCloudflareGetsTheTagsOfWritesCloseTogetherInOneRequest(t *testing.T) {
	api := &purgeAPI{}
	srv := api.server(t)
	q := newQueue(cloudflare{srv.URL, "zone1", "secret-token"}, newBucket(25, 12*time.Second), slog.Default())
	run(t, q)
	q.add([]string{PieceTag("a"), TagLists})
	q.add([]string{PieceTag("b"), TagLists})
	got := api.seen(1)
	time.Sleep(settle * 2)
	if got = api.seen(1); len(got) != 1 {
		t.Fatalf("requests = %v, want one", got)
	}
	body := got[0]["body"].(map[string]any)
	if got[0]["path"] != "/zones/zone1/purge_cache" || len(body["tags"].([]any)) != 3 || api.auth[0] != "Bearer secret-token" {
		t.Fatalf("request = %v (auth %q)", got[0], api.auth[0])
	}
}

func TestBunnyGetsOneTagARequestAndEverythingOnceThePaceWouldFallBehind(t *testing.T) {
	api := &purgeAPI{}
	srv := api.server(t)
	q := newQueue(bunny{srv.URL, "77", "key"}, newBucket(2, time.Hour), slog.Default())
	run(t, q)
	q.add([]string{PieceTag("a"), TagLists})
	got := api.seen(2)
	if len(got) != 2 || got[0]["path"] != "/pullzone/77/purgeCache" {
		t.Fatalf("requests = %v", got)
	}
	// The bucket is empty now: three more tags would take three hours; everything goes at once instead.
	q.bucket = newBucket(1, time.Hour)
	q.add([]string{PieceTag("c"), PieceTag("d"), TagLists})
	got = api.seen(3)
	if len(got) != 3 || got[2]["body"].(map[string]any)["CacheTag"] != TagSite {
		t.Fatalf("requests = %v, want a purge of %q last", got, TagSite)
	}
}

func TestAFailedPurgeIsSentAgain(t *testing.T) {
	api := &purgeAPI{status: http.StatusServiceUnavailable}
	srv := api.server(t)
	q := newQueue(varnish{srv.URL}, newBucket(0, 0), slog.Default())
	run(t, q)
	q.add([]string{PieceTag("a")})
	api.seen(1)
	api.mu.Lock()
	api.status = 0
	api.mu.Unlock()
	if got := api.seen(2); len(got) < 2 {
		t.Fatalf("requests = %v, want the purge sent again", got)
	}
}

func TestCachesToPurgeAreReadFromTheEnvironment(t *testing.T) {
	if targets, err := targetsFromEnv(); err != nil || len(targets) != 0 {
		t.Fatalf("none set: %v, %v; want nothing to purge", targets, err)
	}
	t.Setenv("STUDIO_PURGE_VARNISH", "http://127.0.0.1:6081/, http://10.0.0.2:6081")
	t.Setenv("STUDIO_PURGE_BUNNY_ZONE", "77")
	t.Setenv("STUDIO_PURGE_BUNNY_KEY", "key")
	targets, err := targetsFromEnv()
	if err != nil || len(targets) != 3 || targets[0].name() != "varnish http://127.0.0.1:6081" || targets[2].name() != "bunny" {
		t.Fatalf("targets %v, %v", targets, err)
	}
	t.Setenv("STUDIO_PURGE_CLOUDFLARE_ZONE", "zone1")
	if _, err := targetsFromEnv(); err == nil || err.Error() != "STUDIO_PURGE_CLOUDFLARE_ZONE and STUDIO_PURGE_CLOUDFLARE_TOKEN go together: set both to purge, or neither" {
		t.Fatalf("a zone without its token: %v", err)
	}
	t.Setenv("STUDIO_PURGE_VARNISH", "ftp://127.0.0.1:6081")
	if _, err := targetsFromEnv(); err == nil {
		t.Fatal("an address that is no Varnish's was taken")
	}
}
