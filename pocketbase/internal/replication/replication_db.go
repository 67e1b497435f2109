package replication

import (
	"path/filepath"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// DBConnect opens data.db with immediate transactions while Litestream replicates it.
// PocketBase expects to be the database's only writer, and its transactions begin deferred: one
// that has read and then writes fails at once with SQLITE_BUSY_SNAPSHOT if another connection
// committed in between, and Litestream's checkpoints do. An immediate transaction takes the write
// lock first and waits its turn instead (measured in the soak: without this, writes failed).
func DBConnect(dbPath string) (*dbx.DB, error) {
	if filepath.Base(dbPath) != "data.db" {
		return core.DefaultDBConnect(dbPath)
	}
	// PocketBase's own connection settings (core.DefaultDBConnect), busy_timeout first.
	pragmas := "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)"
	return dbx.Open("sqlite", dbPath+pragmas+"&_txlock=immediate")
}
