package replication

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/superfly/ltx"
)

// ltxFile is one file of a test replica: its level, its transactions and whether it is damaged.
type ltxFile struct {
	level    int
	min, max ltx.TXID
	damaged  bool
}

// written is when a test replica's file that ends at transaction tx was written: a minute a
// transaction.
func written(tx ltx.TXID) time.Time {
	return time.Date(2026, 11, 25, 14, 0, 0, 0, time.UTC).Add(time.Duration(tx) * time.Minute)
}

// testReplica writes the files to a replica in a folder, each a valid LTX file of one page, or
// with a byte flipped in its middle when damaged, as the integration test harms them.
func testReplica(t *testing.T, files ...ltxFile) litestream.ReplicaClient {
	t.Helper()
	client := file.NewReplicaClient(t.TempDir())
	for _, f := range files {
		var buf bytes.Buffer
		enc, err := ltx.NewEncoder(&buf)
		if err != nil {
			t.Fatal(err)
		}
		hdr := ltx.Header{Version: ltx.Version, Flags: ltx.HeaderFlagNoChecksum, PageSize: 512, Commit: 1, MinTXID: f.min, MaxTXID: f.max, Timestamp: written(f.max).UnixMilli()}
		if err := enc.EncodeHeader(hdr); err != nil {
			t.Fatal(err)
		}
		page := bytes.Repeat([]byte{byte(f.max)}, 512)
		if err := enc.EncodePage(ltx.PageHeader{Pgno: 1}, page); err != nil {
			t.Fatal(err)
		}
		if err := enc.Close(); err != nil {
			t.Fatal(err)
		}
		body := buf.Bytes()
		if f.damaged {
			body[len(body)/2] ^= 0xff
		}
		if _, err := client.WriteLTXFile(context.Background(), f.level, f.min, f.max, bytes.NewReader(body)); err != nil {
			t.Fatal(err)
		}
	}
	return client
}

func planNames(plan []*ltx.FileInfo) string {
	var names []string
	for _, f := range plan {
		names = append(names, ltx.FormatFilename(f.MinTXID, f.MaxTXID)+"@"+string(rune('0'+f.Level)))
	}
	return strings.Join(names, " ")
}

func TestRestorePlanAroundDamage(t *testing.T) {
	cases := []struct {
		name  string
		files []ltxFile
		// The transaction the restore reaches, and the file its damage message names ("" for none).
		reach ltx.TXID
		names string
	}{
		{
			name:  "a whole replica",
			files: []ltxFile{{9, 1, 1, false}, {0, 1, 1, false}, {0, 2, 2, false}, {0, 3, 3, false}},
			reach: 3,
		},
		{
			// The startup snapshot, taken after the second write, holds it whole: nothing is lost.
			name:  "a damaged file that a whole snapshot makes up for",
			files: []ltxFile{{9, 1, 2, false}, {0, 1, 1, false}, {0, 2, 2, true}, {0, 3, 3, false}},
			reach: 3,
		},
		{
			name:  "a damaged compaction whose transactions the level-0 files still hold",
			files: []ltxFile{{9, 1, 1, false}, {0, 1, 1, false}, {0, 2, 2, false}, {0, 3, 3, false}, {1, 1, 2, true}},
			reach: 3,
		},
		{
			name:  "a damaged level-0 file",
			files: []ltxFile{{9, 1, 1, false}, {0, 1, 1, false}, {0, 2, 2, true}, {0, 3, 3, false}},
			reach: 1,
			names: "0000000000000002-0000000000000002.ltx (level 0)",
		},
		{
			// Cutting before the damaged compaction's first transaction left nothing to restore.
			name:  "a damaged compaction from the first transaction, and its level-0 file",
			files: []ltxFile{{9, 1, 1, false}, {0, 1, 1, false}, {0, 2, 2, true}, {0, 3, 3, false}, {1, 1, 2, true}},
			reach: 1,
			names: "0000000000000001-0000000000000002.ltx (level 1)",
		},
		{
			// A snapshot always starts at the first transaction.
			name:  "a damaged snapshot, and the level-0 file of its last transaction",
			files: []ltxFile{{9, 1, 2, true}, {0, 1, 1, false}, {0, 2, 2, true}, {0, 3, 3, false}, {1, 1, 1, false}},
			reach: 1,
			names: "0000000000000001-0000000000000002.ltx (level 9)",
		},
		{
			name:  "a damaged last file",
			files: []ltxFile{{9, 1, 1, false}, {0, 1, 1, false}, {0, 2, 2, false}, {0, 3, 3, true}},
			reach: 2,
			names: "0000000000000003-0000000000000003.ltx (level 0)",
		},
		{
			name:  "a missing file",
			files: []ltxFile{{9, 1, 1, false}, {0, 1, 1, false}, {0, 3, 3, false}},
			reach: 1,
			names: "the files for transactions 0000000000000002 to 0000000000000002 are missing",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			client := testReplica(t, c.files...)
			plan, _, damage, err := restorePlan(context.Background(), client, time.Time{})
			if err != nil {
				t.Fatalf("restorePlan: %v", err)
			}
			if got := plan[len(plan)-1].MaxTXID; got != c.reach {
				t.Fatalf("the plan %s reaches %s, want %s", planNames(plan), got, c.reach)
			}
			switch {
			case c.names == "" && damage != nil:
				t.Fatalf("damage %q reported, with nothing lost", damage.what)
			case c.names != "" && damage == nil:
				t.Fatalf("no damage reported, want one naming %s", c.names)
			case c.names != "" && !strings.Contains(damage.what, c.names):
				t.Fatalf("damage %q, want one naming %s", damage.what, c.names)
			}
		})
	}
}

func TestRestorePlanDamagedFirstFile(t *testing.T) {
	client := testReplica(t, ltxFile{9, 1, 1, true}, ltxFile{0, 1, 1, true}, ltxFile{0, 2, 2, false})
	if _, _, _, err := restorePlan(context.Background(), client, time.Time{}); err == nil || !strings.Contains(err.Error(), "its first file") {
		t.Fatalf("restorePlan: %v, want an error naming the first file", err)
	}
}

func TestRestorePlanTowardsAMoment(t *testing.T) {
	client := testReplica(t, ltxFile{9, 1, 1, false}, ltxFile{0, 1, 1, false}, ltxFile{0, 3, 3, false}, ltxFile{0, 4, 4, true})
	// Transaction 3 was written before the moment, so the missing 2 is lost to the restore.
	plan, _, damage, err := restorePlan(context.Background(), client, written(3).Add(time.Second))
	if err != nil {
		t.Fatalf("restorePlan: %v", err)
	}
	if got := plan[len(plan)-1].MaxTXID; got != 1 || damage == nil || !strings.Contains(damage.what, "transactions 0000000000000002 to 0000000000000002 are missing") {
		t.Fatalf("the plan %s, damage %v; want it to reach 1, with 2 missing", planNames(plan), damage)
	}
	// Before transaction 3 was written, the replica held nothing past 1: nothing is lost, and the
	// damaged file of transaction 4, written later still, is not read.
	plan, view, damage, err := restorePlan(context.Background(), client, written(2))
	if err != nil {
		t.Fatalf("restorePlan: %v", err)
	}
	if got := plan[len(plan)-1].MaxTXID; got != 1 || damage != nil || len(view.damaged) != 0 {
		t.Fatalf("the plan %s, damage %v, damaged files %v; want it to reach 1, with nothing lost or read damaged", planNames(plan), damage, view.damaged)
	}
}
