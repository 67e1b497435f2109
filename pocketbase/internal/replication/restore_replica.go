package replication

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/benbjohnson/litestream"
)

// restoreFromReplica rebuilds data.db from the bucket that STUDIO_REPLICA_URL names: to the last
// replicated second, or to the state just before `at` when a bad edit is to be undone.
func restoreFromReplica(dir, at string) int {
	target, on, err := FromEnv()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if !on {
		fmt.Fprintln(os.Stderr, "STUDIO_REPLICA_URL is not set: set it (and the STUDIO_S3_* endpoint and keys) as on the lost server, then run this again.")
		return 2
	}
	var until time.Time
	if at != "" {
		if until, err = time.Parse(time.RFC3339, at); err != nil {
			fmt.Fprintf(os.Stderr, "--at must be an RFC 3339 time such as 2026-11-25T14:05:00Z, got %q\n", at)
			return 2
		}
	}
	if err := prepareRestoreDir(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	client := replicaClient(target)
	if err := initReplicaClient(ctx, client); err != nil {
		fmt.Fprintf(os.Stderr, "cannot reach the replica at %s: %v\n", target, err)
		return 1
	}
	plan, view, damage, err := restorePlan(ctx, client, until)
	if errors.Is(err, litestream.ErrTxNotAvailable) {
		if until.IsZero() {
			fmt.Fprintf(os.Stderr, "%s holds no copy of the shop: check the bucket and path, and that the server ran with replication on.\n", target)
		} else {
			fmt.Fprintf(os.Stderr, "%s holds nothing from before %s: that is older than the replica keeps (%d days); use a nightly backup.\n", target, until.UTC().Format(time.RFC3339), int(replicaRetention.Hours()/24))
		}
		return 1
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot restore from the replica at %s: %v\n", target, err)
		return 1
	}
	last := plan[len(plan)-1]
	stateAt := last.CreatedAt
	if damage != nil {
		fmt.Fprintf(os.Stderr, "The replica at %s is damaged: %s. Restoring up to the last good point before that, %s (transaction %s); writes after it are not in the replica.\n",
			target, damage.what, stateAt.UTC().Format(time.RFC3339), last.MaxTXID)
	} else if len(view.damaged) > 0 {
		fmt.Fprintf(os.Stderr, "The replica at %s holds damaged files, but other files hold the same writes, so nothing is lost: %s.\n", target, describeAllDamaged(view.damaged))
	}

	opt := litestream.NewRestoreOptions()
	opt.OutputPath = filepath.Join(dir, "data.db")
	var from litestream.ReplicaClient = client
	if damage != nil || len(view.damaged) > 0 {
		// Through the view, the restore takes the files that were read through and nothing past them.
		from = view
		opt.TXID = last.MaxTXID
	} else {
		opt.Timestamp = until
	}
	if err := litestream.NewReplicaWithClient(nil, from).Restore(ctx, opt); err != nil {
		fmt.Fprintf(os.Stderr, "restoring from %s failed: %v\n", target, err)
		return 1
	}
	counts, err := checkRestored(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s was restored into %s but does not open as a shop: %v\n", target, dir, err)
		return 1
	}
	fmt.Printf("Restored %s into %s as it was at %s: %s. Start the server to open the shop.\n", target, dir, stateAt.UTC().Format(time.RFC3339), counts)
	return 0
}
