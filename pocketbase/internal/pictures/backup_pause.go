package pictures

import (
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// A backup zips pb_data file by file. Local storage writes a picture as a temporary file beside
// its place and renames it in, so a rendition written during the walk vanishes under it and the
// whole backup fails ("Failed to create backup"). Renditions are written under the read side of
// this lock and a backup holds the write side: it waits for the picture being made, and the next
// ones wait for it.
var storageWrites sync.RWMutex

func registerBackupPause(app core.App) {
	app.OnBackupCreate().BindFunc(func(e *core.BackupEvent) error {
		storageWrites.Lock()
		defer storageWrites.Unlock()
		return e.Next()
	})
}
