package replication

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"
)

// A damaged replica still holds everything up to the damage: rather than give the shop nothing,
// the restore leaves out every file it cannot read, plans again around it (the same
// transactions are often in another file: a snapshot, a compaction or the level-0 files a
// compaction was made from), and when nothing else holds them, stops before the first
// transaction it cannot restore and says which file, or which missing files, it was.
type replicaDamage struct {
	what string
}

var gapError = regexp.MustCompile(`have up to ([0-9a-f]{16}) but next file starts at ([0-9a-f]{16})`)

type fileKey struct {
	level    int
	min, max ltx.TXID
}

type damagedFile struct {
	info   *ltx.FileInfo
	reason string
}

func (d damagedFile) String() string {
	return fmt.Sprintf("file %s (level %d) is %s", ltx.FormatFilename(d.info.MinTXID, d.info.MaxTXID), d.info.Level, d.reason)
}

// replicaView is the replica as a restore may use it: without the files found damaged, without
// those written at or after `until` (when set) and without those past `upTo` (when set), so
// Litestream plans around them, both for the plan that is checked and for the restore itself.
type replicaView struct {
	litestream.ReplicaClient
	damaged map[fileKey]damagedFile
	// Files read through whole already: a plan made again around a damaged file mostly holds the
	// same files, which need not be downloaded a second time.
	verified map[fileKey]bool
	until    time.Time
	upTo     ltx.TXID
}

func (v *replicaView) LTXFiles(ctx context.Context, level int, seek ltx.TXID, useMetadata bool) (ltx.FileIterator, error) {
	// Only the files' metadata holds the moments they were written at; the listing's times are
	// the uploads'.
	itr, err := v.ReplicaClient.LTXFiles(ctx, level, seek, useMetadata || !v.until.IsZero())
	if err != nil {
		return nil, err
	}
	defer func() { _ = itr.Close() }()
	var kept []*ltx.FileInfo
	for itr.Next() {
		info := itr.Item()
		if _, bad := v.damaged[fileKey{info.Level, info.MinTXID, info.MaxTXID}]; bad {
			continue
		}
		if (!v.until.IsZero() && !info.CreatedAt.Before(v.until)) || (v.upTo != 0 && info.MaxTXID > v.upTo) {
			continue
		}
		kept = append(kept, info)
	}
	if err := itr.Err(); err != nil {
		return nil, err
	}
	return ltx.NewFileInfoSliceIterator(kept), nil
}

// restorePlan finds the files to restore from, up to `until` (zero: the latest), around the
// damaged ones and cut short before the first transaction no readable file holds. The view is
// what the restore must read through, so that it takes the same files; damage is nil when
// nothing written before `until` is left out (view.damaged may still name files that other
// files made up for).
func restorePlan(ctx context.Context, client litestream.ReplicaClient, until time.Time) (plan []*ltx.FileInfo, view *replicaView, damage *replicaDamage, err error) {
	view = &replicaView{ReplicaClient: client, damaged: map[fileKey]damagedFile{}, verified: map[fileKey]bool{}, until: until}
	for attempt := 0; attempt < 20; attempt++ {
		// Towards a moment, Litestream stops at a gap without a word; the view applies the
		// moment instead, so Litestream plans as for the latest state, where it names a gap.
		plan, err = litestream.CalcRestorePlan(ctx, view, 0, time.Time{}, replicaLogger())
		if m := gapError.FindStringSubmatch(fmt.Sprint(err)); m != nil {
			have, _ := ltx.ParseTXID(m[1])
			view.upTo = have
			continue
		}
		if errors.Is(err, litestream.ErrTxNotAvailable) {
			if first := describeDamaged(view.damaged, 1); first != "" {
				return nil, nil, nil, fmt.Errorf("its first %s", first)
			}
		}
		if err != nil {
			return nil, nil, nil, err
		}
		if bad, reason := firstUnreadable(ctx, view, plan); bad != nil {
			view.damaged[fileKey{bad.Level, bad.MinTXID, bad.MaxTXID}] = damagedFile{bad, reason}
			continue
		}
		last := plan[len(plan)-1].MaxTXID
		damage, err = lostAfter(ctx, client, view.damaged, last, until)
		if err != nil {
			return nil, nil, nil, err
		}
		view.upTo = last
		return plan, view, damage, nil
	}
	return nil, nil, nil, fmt.Errorf("it is damaged in too many places")
}

// firstUnreadable reads every file of the plan through its checksums before anything is written,
// each file once however many plans hold it.
func firstUnreadable(ctx context.Context, view *replicaView, plan []*ltx.FileInfo) (*ltx.FileInfo, string) {
	for _, info := range plan {
		key := fileKey{info.Level, info.MinTXID, info.MaxTXID}
		if view.verified[key] {
			continue
		}
		rc, err := view.OpenLTXFile(ctx, info.Level, info.MinTXID, info.MaxTXID, 0, 0)
		if err != nil {
			return info, fmt.Sprintf("unreadable (%v)", err)
		}
		err = ltx.NewDecoder(rc).Verify()
		_ = rc.Close()
		if err != nil {
			return info, fmt.Sprintf("damaged (%v)", err)
		}
		view.verified[key] = true
	}
	return nil, ""
}

// lostAfter says why a restore that reaches transaction `last` leaves out what the replica
// holds after it (written before `until`, when set): the damaged files that held the next
// transaction, or else the files missing before the next one there is. Nil when there is
// nothing after `last`.
func lostAfter(ctx context.Context, client litestream.ReplicaClient, damaged map[fileKey]damagedFile, last ltx.TXID, until time.Time) (*replicaDamage, error) {
	lost := false
	var next *ltx.FileInfo
	for level := 0; level <= litestream.SnapshotLevel; level++ {
		itr, err := client.LTXFiles(ctx, level, 0, !until.IsZero())
		if err != nil {
			return nil, err
		}
		for itr.Next() {
			info := itr.Item()
			if info.MaxTXID <= last || (!until.IsZero() && !info.CreatedAt.Before(until)) {
				continue
			}
			lost = true
			if info.MinTXID > last+1 && (next == nil || info.MinTXID < next.MinTXID) {
				next = info
			}
		}
		if err := itr.Close(); err != nil {
			return nil, err
		}
	}
	switch {
	case !lost:
		return nil, nil
	case describeDamaged(damaged, last+1) != "":
		return &replicaDamage{what: describeDamaged(damaged, last+1)}, nil
	case next != nil:
		return &replicaDamage{what: fmt.Sprintf("the files for transactions %s to %s are missing from the bucket", last+1, next.MinTXID-1)}, nil
	default:
		return &replicaDamage{what: fmt.Sprintf("no readable file holds transaction %s", last+1)}, nil
	}
}

// describeDamaged names the damaged files that hold transaction `tx`, lowest level first.
func describeDamaged(damaged map[fileKey]damagedFile, tx ltx.TXID) string {
	var holding []damagedFile
	for _, d := range damaged {
		if d.info.MinTXID <= tx && tx <= d.info.MaxTXID {
			holding = append(holding, d)
		}
	}
	sort.Slice(holding, func(i, j int) bool {
		if holding[i].info.Level != holding[j].info.Level {
			return holding[i].info.Level < holding[j].info.Level
		}
		return holding[i].info.MinTXID < holding[j].info.MinTXID
	})
	var parts []string
	for _, d := range holding {
		parts = append(parts, d.String())
	}
	return strings.Join(parts, ", and ")
}

// describeAllDamaged names every damaged file found, by their transactions.
func describeAllDamaged(damaged map[fileKey]damagedFile) string {
	var parts []string
	for _, d := range damaged {
		parts = append(parts, d.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, ", and ")
}
