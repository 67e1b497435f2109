package replication

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
)

// pbOptimizeJob is PocketBase's nightly job, which truncates data.db's write-ahead log itself.
// Under replication that checkpoint would wait on Litestream's read lock for the whole busy
// timeout while holding off writers, so Litestream owns data.db's checkpoints instead.
const pbOptimizeJob = "__pbDBOptimize__"

// Register starts replication with the server when STUDIO_REPLICA_URL is set and
// returns the function that stops it once PocketBase has closed the database.
func Register(app core.App) (stop func()) {
	var running atomic.Pointer[replication]
	done := make(chan struct{})
	stopWatching := sync.OnceFunc(func() { close(done) })

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(replicaHealthInBody(running.Load))
		target, on, err := FromEnv()
		if err != nil {
			return err
		}
		if on {
			r, err := startReplication(se.App, target)
			if err != nil {
				return err
			}
			running.Store(r)
			se.App.Cron().Remove(pbOptimizeJob)
			se.App.Cron().MustAdd("db_optimize", "0 0 * * *", func() { nightlyCheckpoint(se.App, r) })
			go watchReplication(se.App, r, done)
		}
		fmt.Println(replicationStatus(running.Load(), se.App.Settings().S3.Enabled))
		return se.Next()
	})

	app.OnBackupCreate().BindFunc(func(e *core.BackupEvent) error {
		e.Exclude = append(e.Exclude, replicaMetaDir)
		if running.Load() == nil {
			return e.Next()
		}
		// The backup truncates the write-ahead log inside its transaction, which waits on
		// Litestream's read lock for the whole busy timeout with every write held off; a short
		// timeout lets it give up at once, and the log goes into the zip beside data.db instead.
		restore := shortBusyTimeout(e.App)
		defer restore()
		return e.Next()
	})

	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		stopWatching()
		return e.Next()
	})

	return func() {
		if r := running.Load(); r != nil {
			r.stop()
		}
	}
}

func nightlyCheckpoint(app core.App, r *replication) {
	if err := r.checkpoint(context.Background()); err != nil {
		app.Logger().Warn("Nightly checkpoint of data.db failed", slog.String("error", err.Error()))
	}
	if _, err := app.AuxNonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		app.Logger().Warn("Nightly checkpoint of auxiliary.db failed", slog.String("error", err.Error()))
	}
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute(); err != nil {
		app.Logger().Warn("Nightly PRAGMA optimize failed", slog.String("error", err.Error()))
	}
}

// shortBusyTimeout sets the busy timeout of PocketBase's one writing connection to data.db and
// returns what puts it back.
func shortBusyTimeout(app core.App) func() {
	var was int
	if err := app.NonconcurrentDB().NewQuery("PRAGMA busy_timeout").Row(&was); err != nil {
		return func() {}
	}
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA busy_timeout = 100").Execute(); err != nil {
		return func() {}
	}
	return func() {
		if _, err := app.NonconcurrentDB().NewQuery(fmt.Sprintf("PRAGMA busy_timeout = %d", was)).Execute(); err != nil {
			app.Logger().Warn("Busy timeout not restored after the backup", slog.String("error", err.Error()))
		}
	}
}
