package catalog

import (
	"sync"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Version counts the writes that may change what a visitor is shown: a catalogue record, a
// collection (rules, fields) or the settings (the site's address). Whatever is kept per version
// is kept only while it has not moved. The commission board (Board) moves a count of its own: it
// changes with every request a stranger sends, and only the pages that show it read it, so its
// writes leave every other kept page alone. Whatever is kept outside the server (a cache in
// front of it) is told what each write changed.
type Version struct {
	n     atomic.Uint64
	board atomic.Uint64

	mu        sync.Mutex
	listeners []func(Change)
}

// Change is one write that moved the version or the board's: the catalogue record written, or
// nil when it was a collection or the settings, after which anything shown may differ.
type Change struct {
	Record *core.Record
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
				v.Move(Change{})
			case *core.Record:
				v.moveFor(m)
			case core.RecordProxy:
				v.moveFor(m.ProxyRecord())
			}
			return e.Next()
		},
	}
	app.OnModelAfterCreateSuccess().Bind(written)
	app.OnModelAfterUpdateSuccess().Bind(written)
	app.OnModelAfterDeleteSuccess().Bind(written)
	app.OnSettingsReload().BindFunc(func(e *core.SettingsReloadEvent) error {
		v.Move(Change{})
		return e.Next()
	})
	return v
}

func (v *Version) moveFor(r *core.Record) {
	switch name := r.Collection().Name; {
	case name == Board:
		v.board.Add(1)
		v.tell(Change{Record: r})
	case Collections[name]:
		v.Move(Change{Record: r})
	}
}

// LoadBoard is the current version of the commission board.
func (v *Version) LoadBoard() uint64 { return v.board.Load() }

// Load is the current version.
func (v *Version) Load() uint64 { return v.n.Load() }

// Move moves the version on: whatever was kept before is out of date, and each listener hears
// what changed.
func (v *Version) Move(c Change) {
	v.n.Add(1)
	v.tell(c)
}

// OnMove calls l after every move of the version or the board's, with what moved it. Listeners
// run inside the write's hook, so they must not block.
func (v *Version) OnMove(l func(Change)) {
	v.mu.Lock()
	v.listeners = append(v.listeners, l)
	v.mu.Unlock()
}

func (v *Version) tell(c Change) {
	v.mu.Lock()
	listeners := v.listeners
	v.mu.Unlock()
	for _, l := range listeners {
		l(c)
	}
}
