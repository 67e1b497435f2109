package edge

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// A write purges at once, but not alone: tags written within settle of each other go in one
// request per cache, which also lets an answer made from the rows before the write, still on its
// way to the cache when the write committed, arrive before the purge that removes it.
const (
	settle     = 200 * time.Millisecond
	retryFirst = time.Second
	retryMost  = 5 * time.Minute
)

// target is one cache that can be told to forget tags: at most batch tags a request, at its pace
// (a bucket of burst requests refilled one every every; 0 for no limit).
type target interface {
	name() string
	batch() int
	pace() (burst int, every time.Duration)
	send(ctx context.Context, tags []string) error
}

// queue gathers the tags one target has still to forget and sends them from one goroutine, at
// the target's pace. When more requests are due than the pace allows now, it purges TagSite
// instead: everything at once, in one request, beats falling behind the writes.
type queue struct {
	t      target
	bucket *bucket
	log    *slog.Logger

	mu      sync.Mutex
	pending map[string]bool
	wake    chan struct{}
}

func newQueue(t target, b *bucket, log *slog.Logger) *queue {
	return &queue{t: t, bucket: b, log: log, pending: map[string]bool{}, wake: make(chan struct{}, 1)}
}

func (q *queue) add(tags []string) {
	q.mu.Lock()
	for _, tag := range tags {
		q.pending[tag] = true
	}
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *queue) take() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.pending[TagSite] {
		clear(q.pending)
		return []string{TagSite}
	}
	tags := make([]string, 0, len(q.pending))
	for tag := range q.pending {
		tags = append(tags, tag)
	}
	clear(q.pending)
	slices.Sort(tags)
	return tags
}

func (q *queue) run(ctx context.Context) {
	wait := retryFirst
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-q.wake:
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(settle):
		}
		tags := q.take()
		if len(tags) == 0 {
			continue
		}
		batches := chunks(tags, q.t.batch())
		if len(batches) > 1 && len(batches) > q.bucket.available() {
			batches = [][]string{{TagSite}}
		}
		for i, b := range batches {
			if err := q.bucket.wait(ctx); err != nil {
				return
			}
			err := q.t.send(ctx, b)
			if err == nil {
				if failing {
					q.log.Info("Cache purge works again", "cache", q.t.name())
					failing = false
				}
				wait = retryFirst
				continue
			}
			if !failing {
				q.log.Error("Cache purge failed; retrying", "cache", q.t.name(), "error", err.Error())
				failing = true
			}
			for _, rest := range batches[i:] {
				q.add(rest)
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = min(2*wait, retryMost)
			break
		}
	}
}

func chunks(tags []string, size int) [][]string {
	var out [][]string
	for len(tags) > size {
		out = append(out, tags[:size])
		tags = tags[size:]
	}
	return append(out, tags)
}

// bucket is a token bucket: burst requests at once, then one every every; every 0 is no limit.
type bucket struct {
	mu     sync.Mutex
	tokens float64
	burst  float64
	every  time.Duration
	at     time.Time
}

func newBucket(burst int, every time.Duration) *bucket {
	return &bucket{tokens: float64(burst), burst: float64(burst), every: every, at: time.Now()}
}

func (b *bucket) refill(now time.Time) {
	if b.every > 0 {
		b.tokens = min(b.burst, b.tokens+float64(now.Sub(b.at))/float64(b.every))
	}
	b.at = now
}

func (b *bucket) available() int {
	if b.every == 0 {
		return int(^uint(0) >> 1)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(time.Now())
	return int(b.tokens)
}

func (b *bucket) wait(ctx context.Context) error {
	for b.every > 0 {
		b.mu.Lock()
		b.refill(time.Now())
		if b.tokens >= 1 {
			b.tokens--
			b.mu.Unlock()
			return nil
		}
		short := time.Duration((1 - b.tokens) * float64(b.every))
		b.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(short):
		}
	}
	return nil
}
