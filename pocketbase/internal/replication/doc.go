// Package replication owns the shop's data beyond this machine's disk: Litestream copying every
// write of data.db to a bucket, the watch that tells the studio when the copying fails (/api/health
// and one letter), and the restore command, from a backup zip or from the replica. It must not
// serve the shop's pages or API, and it runs a restore before PocketBase opens anything. It builds
// on env and mail.
package replication

import studioenv "studio/server/internal/env"

var (
	env     = studioenv.Get
	envBool = studioenv.Bool
)
