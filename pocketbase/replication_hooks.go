package main

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

// registerReplication starts replication with the server when STUDIO_REPLICA_URL is set and
// returns the function that stops it once PocketBase has closed the database.
func registerReplication(app core.App) (current func() *replication, stop func()) {
	var running atomic.Pointer[replication]
	done := make(chan struct{})
	stopWatching := sync.OnceFunc(func() { close(done) })

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(replicaHealthInBody(running.Load))
		target, on, err := replicaFromEnv()
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
		if r := running.Load(); r != nil {
			// With the log already folded in and Litestream's reader on the bare file, the
			// backup's own checkpoint has no reader to wait for.
			if err := r.checkpoint(e.Context); err != nil {
				e.App.Logger().Warn("Checkpoint before the backup failed", slog.String("error", err.Error()))
			}
		}
		return e.Next()
	})

	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		stopWatching()
		return e.Next()
	})

	return running.Load, func() {
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
