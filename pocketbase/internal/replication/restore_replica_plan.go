package replication

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"
)

// A damaged replica still holds everything up to the damage: rather than give the shop nothing,
// the restore stops before the first missing or unreadable file and says which one it was.
type replicaDamage struct {
	what string
}

var gapError = regexp.MustCompile(`have up to ([0-9a-f]{16}) but next file starts at ([0-9a-f]{16})`)

// restorePlan finds the files to restore from, up to `until` (zero: the latest), cut short
// before the first damaged one; damage is nil when the replica was whole.
func restorePlan(ctx context.Context, client litestream.ReplicaClient, until time.Time) (plan []*ltx.FileInfo, damage *replicaDamage, err error) {
	var target ltx.TXID
	for attempt := 0; attempt < 20; attempt++ {
		if target == 0 {
			plan, err = litestream.CalcRestorePlan(ctx, client, 0, until, replicaLogger())
		} else {
			plan, err = litestream.CalcRestorePlan(ctx, client, target, time.Time{}, replicaLogger())
		}
		if m := gapError.FindStringSubmatch(fmt.Sprint(err)); m != nil {
			have, _ := ltx.ParseTXID(m[1])
			next, _ := ltx.ParseTXID(m[2])
			damage = &replicaDamage{what: fmt.Sprintf("the files for transactions %s to %s are missing from the bucket", have+1, next-1)}
			target = have
			continue
		}
		if err != nil {
			return nil, damage, err
		}
		if target == 0 && !until.IsZero() {
			// Litestream reports a gap only when restoring the latest state; towards a moment it
			// stops at the gap without a word.
			if next, err := fileAfterGap(ctx, client, plan[len(plan)-1].MaxTXID, until); err != nil {
				return nil, damage, err
			} else if next != nil {
				damage = &replicaDamage{what: fmt.Sprintf("the files for transactions %s to %s are missing from the bucket", plan[len(plan)-1].MaxTXID+1, next.MinTXID-1)}
				target = plan[len(plan)-1].MaxTXID
			}
		}
		bad, reason := firstUnreadable(ctx, client, plan)
		if bad == nil {
			return plan, damage, nil
		}
		damage = &replicaDamage{what: fmt.Sprintf("file %s (level %d) is %s", ltx.FormatFilename(bad.MinTXID, bad.MaxTXID), bad.Level, reason)}
		if bad.MinTXID <= 1 {
			return nil, damage, fmt.Errorf("its first %s", damage.what)
		}
		target = bad.MinTXID - 1
	}
	return nil, damage, fmt.Errorf("it is damaged in too many places")
}

// firstUnreadable reads every file of the plan through its checksums before anything is written.
func firstUnreadable(ctx context.Context, client litestream.ReplicaClient, plan []*ltx.FileInfo) (*ltx.FileInfo, string) {
	for _, info := range plan {
		rc, err := client.OpenLTXFile(ctx, info.Level, info.MinTXID, info.MaxTXID, 0, 0)
		if err != nil {
			return info, fmt.Sprintf("unreadable (%v)", err)
		}
		err = ltx.NewDecoder(rc).Verify()
		_ = rc.Close()
		if err != nil {
			return info, fmt.Sprintf("damaged (%v)", err)
		}
	}
	return nil, ""
}

// fileAfterGap finds a file written before `until` that starts past the transaction after
// `last`, at any level below the snapshots: proof that files between them are missing.
func fileAfterGap(ctx context.Context, client litestream.ReplicaClient, last ltx.TXID, until time.Time) (*ltx.FileInfo, error) {
	for level := 0; level < litestream.SnapshotLevel; level++ {
		itr, err := client.LTXFiles(ctx, level, last+1, true)
		if err != nil {
			return nil, err
		}
		for itr.Next() {
			if info := itr.Item(); info.MinTXID > last+1 && info.CreatedAt.Before(until) {
				_ = itr.Close()
				return info, nil
			}
		}
		if err := itr.Close(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
