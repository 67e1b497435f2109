package replication

import (
	"archive/zip"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/archive"
)

// RunRestore puts a backup (a PocketBase backup zip: data.db, auxiliary.db, storage/) into an
// empty data dir, for a new machine or after losing the old one. It runs before PocketBase
// starts, because starting would create an empty database in the folder first. It refuses a
// folder that already holds a shop, so a slip of the keyboard cannot overwrite live data.
func RunRestore(args []string) int {
	flags := flag.NewFlagSet("restore", flag.ContinueOnError)
	dir := flags.String("dir", "pb_data", "the data dir to restore into (must not hold a shop yet)")
	fromReplica := flags.Bool("from-replica", false, "restore from the replica at STUDIO_REPLICA_URL instead of a backup")
	at := flags.String("at", "", "with --from-replica: restore the shop as it was at this RFC 3339 time")
	flags.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: studio-server restore BACKUP.zip [--dir pb_data]")
		fmt.Fprintln(os.Stderr, "       studio-server restore --from-replica [--at 2026-11-25T14:05:00Z] [--dir pb_data]")
		flags.PrintDefaults()
	}
	// Accept the flag after the file name as well, as the other commands do.
	if err := flags.Parse(args); err != nil {
		return 2
	}
	rest := flags.Args()
	if *fromReplica {
		if len(rest) != 0 {
			flags.Usage()
			return 2
		}
		return restoreFromReplica(*dir, *at)
	}
	if len(rest) > 1 {
		if err := flags.Parse(rest[1:]); err != nil {
			return 2
		}
		rest = append(rest[:1], flags.Args()...)
	}
	if len(rest) != 1 {
		flags.Usage()
		return 2
	}
	backup := rest[0]

	if err := refuseShop(*dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := checkBackup(backup); err != nil {
		fmt.Fprintf(os.Stderr, "%s cannot be restored: %v\n", backup, err)
		return 1
	}
	if err := prepareRestoreDir(*dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := archive.Extract(backup, *dir); err != nil {
		fmt.Fprintf(os.Stderr, "restoring %s into %s failed: %v\n", backup, *dir, err)
		return 1
	}
	counts, err := checkRestored(*dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s was restored into %s but does not open as a shop: %v\n", backup, *dir, err)
		return 1
	}
	fmt.Printf("Restored %s into %s: %s. Start the server to open the shop as it was.\n", backup, *dir, counts)
	return 0
}

func refuseShop(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "data.db")); err == nil {
		return fmt.Errorf("%s already holds a shop (data.db). Stop the server, move that folder away, then run this again.", dir)
	}
	return nil
}

// prepareRestoreDir makes an empty data dir ready to receive a database, refusing one with a shop.
func prepareRestoreDir(dir string) error {
	if err := refuseShop(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	moved, err := moveAsideLeftovers(dir, time.Now())
	if err != nil {
		return fmt.Errorf("cannot move the old database files in %s aside: %v", dir, err)
	}
	for _, name := range moved {
		fmt.Printf("Moved the leftover %s aside (it would have taken over the restored database).\n", name)
	}
	return nil
}

// SQLite reads a -wal (and its -shm index) beside a database as part of it: one left in the
// folder by an earlier shop would replay that shop's last writes over the restored data.
// Litestream's folder holds the old shop's replication position, which it would trust.
var databaseLeftovers = []string{"data.db-wal", "data.db-shm", "data.db-journal", "auxiliary.db", "auxiliary.db-wal", "auxiliary.db-shm", "auxiliary.db-journal", replicaMetaDir}

func moveAsideLeftovers(dir string, now time.Time) ([]string, error) {
	var moved []string
	for _, name := range databaseLeftovers {
		path := filepath.Join(dir, name)
		if _, err := os.Lstat(path); err != nil {
			continue
		}
		if err := os.Rename(path, path+".before-restore-"+now.UTC().Format("20060102T150405Z")); err != nil {
			return moved, err
		}
		moved = append(moved, name)
	}
	return moved, nil
}

// checkRestored opens the restored database as the server will and says what it holds, so what
// was restored is what opens (not a stale -wal, not a truncated file).
func checkRestored(dir string) (string, error) {
	db, err := core.DefaultDBConnect(filepath.Join(dir, "data.db"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	var check string
	if err := db.NewQuery("PRAGMA quick_check").Row(&check); err != nil || check != "ok" {
		return "", fmt.Errorf("the database is damaged (%s %v)", check, err)
	}
	var parts []string
	for _, table := range []string{"paintings", "purchases", "commissions", "commission_messages", "users"} {
		var n int
		if err := db.NewQuery("SELECT COUNT(*) FROM " + table).Row(&n); err != nil {
			return "", fmt.Errorf("it has no %s table (%v)", table, err)
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, strings.ReplaceAll(table, "_", " ")))
	}
	return strings.Join(parts, ", "), nil
}

func checkBackup(path string) error {
	r, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("not a zip file (%v)", err)
	}
	defer r.Close()
	for _, f := range r.File {
		if f.Name == "data.db" {
			return nil
		}
	}
	return fmt.Errorf("it holds no data.db, so it is not a backup of this server")
}
