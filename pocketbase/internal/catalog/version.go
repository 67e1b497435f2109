package catalog

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Version counts the writes that may change what a visitor is shown: a catalogue record, a
// collection (rules, fields) or the settings (the site's address). Whatever is kept per version
// is kept only while it has not moved. The commission board (Board) moves a count of its own: it
// changes with every request a stranger sends, and only the pages that show it read it, so its
// writes leave every other kept page alone.
type Version struct {
	n     atomic.Uint64
	board atomic.Uint64
}

// WatchVersion moves the version after every such write has committed, ahead of PocketBase's
// realtime events (-99) and the hooks that tell browsers to pull, so a browser told of a change
// never gets a page from before it.
func WatchVersion(app core.App) *Version {
	v := &Version{}
	written := &hook.Handler[*core.ModelEvent]{
		Priority: -100,
		Func: func(e *core.ModelEvent) error {
			switch m := e.Model.(type) {
			case *core.Collection, *core.Settings:
				v.Move()
			case *core.Record:
				v.moveFor(m.Collection().Name)
			case core.RecordProxy:
				v.moveFor(m.ProxyRecord().Collection().Name)
			}
			return e.Next()
		},
	}
	app.OnModelAfterCreateSuccess().Bind(written)
	app.OnModelAfterUpdateSuccess().Bind(written)
	app.OnModelAfterDeleteSuccess().Bind(written)
	app.OnSettingsReload().BindFunc(func(e *core.SettingsReloadEvent) error {
		v.Move()
		return e.Next()
	})
	return v
}

func (v *Version) moveFor(collection string) {
	switch {
	case collection == Board:
		v.board.Add(1)
	case Collections[collection]:
		v.Move()
	}
}

// LoadBoard is the current version of the commission board.
func (v *Version) LoadBoard() uint64 { return v.board.Load() }

// Load is the current version.
func (v *Version) Load() uint64 { return v.n.Load() }

// Move moves the version on: whatever was kept before is out of date.
func (v *Version) Move() { v.n.Add(1) }
