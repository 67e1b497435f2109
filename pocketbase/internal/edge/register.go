package edge

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
	"studio/server/internal/env"
)

// Register reads which caches to purge from the environment (none set: nothing is sent, and
// shared caches keep answers only a few seconds) and, once the server serves, purges at each of
// them what every catalogue write changed: the same change that moves the catalogue's version,
// which drops the server's own kept pages and reads. A start purges everything, since a new
// release changes every page.
func Register(app core.App, version *catalog.Version) error {
	targets, err := targetsFromEnv()
	if err != nil || len(targets) == 0 {
		return err
	}
	sharedTTL.Store(int64(purgedTTL))
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		ctx, stop := context.WithCancel(context.Background())
		var queues []*queue
		for _, t := range targets {
			q := newQueue(t, newBucket(t.pace()), se.App.Logger())
			queues = append(queues, q)
			go q.run(ctx)
		}
		purge := func(tags []string) {
			for _, q := range queues {
				q.add(tags)
			}
		}
		version.OnMove(func(c catalog.Change) { purge(TagsOf(c)) })
		se.App.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
			stop()
			return e.Next()
		})
		purge([]string{TagSite})
		return se.Next()
	})
	return nil
}

// TagsOf is what a catalogue write changed: a piece's or book's own answers and every list (and,
// for a character, its world's page, before and after the write); for the commission board, what
// shows it (it changes with every stranger's request, so it purges nothing else); anything else
// (the artist, the tags, a collection, the settings) shows everywhere.
func TagsOf(c catalog.Change) []string {
	if c.Record == nil {
		return []string{TagSite}
	}
	switch name := c.Record.Collection().Name; {
	case name == "books" || pieceCollection(name):
		tags := []string{PieceTag(c.Record.Id), TagLists}
		for _, r := range []*core.Record{c.Record, c.Record.Original()} {
			if k := catalog.KindFor(r); k != nil && k.Collection == "characters" {
				tags = append(tags, WorldTag(k.List))
			}
		}
		return tags
	case name == catalog.Board:
		return []string{TagBoard}
	}
	return []string{TagSite}
}

func pieceCollection(name string) bool {
	for _, k := range catalog.PieceKinds {
		if k.Collection == name {
			return true
		}
	}
	return false
}

func targetsFromEnv() ([]target, error) {
	var targets []target
	for _, base := range strings.Split(env.Get("STUDIO_PURGE_VARNISH", ""), ",") {
		if base = strings.TrimRight(strings.TrimSpace(base), "/"); base == "" {
			continue
		}
		u, err := url.Parse(base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.User != nil {
			return nil, fmt.Errorf("STUDIO_PURGE_VARNISH: %q is not a Varnish address like http://127.0.0.1:6081", base)
		}
		targets = append(targets, varnish{base})
	}
	apis := []struct {
		idName, keyName string
		target          func(id, key string) target
	}{
		{"STUDIO_PURGE_CLOUDFLARE_ZONE", "STUDIO_PURGE_CLOUDFLARE_TOKEN", func(id, key string) target { return cloudflare{cloudflareAPI, id, key} }},
		{"STUDIO_PURGE_BUNNY_ZONE", "STUDIO_PURGE_BUNNY_KEY", func(id, key string) target { return bunny{bunnyAPI, id, key} }},
	}
	for _, a := range apis {
		id, key := env.Get(a.idName, ""), env.Get(a.keyName, "")
		if (id == "") != (key == "") {
			return nil, fmt.Errorf("%s and %s go together: set both to purge, or neither", a.idName, a.keyName)
		}
		if id != "" {
			targets = append(targets, a.target(id, key))
		}
	}
	return targets, nil
}
