package main

import (
	"archive/zip"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase/tools/archive"
)

// runRestore puts a backup (a PocketBase backup zip: data.db, auxiliary.db, storage/) into an
// empty data dir, for a new machine or after losing the old one. It runs before PocketBase
// starts, because starting would create an empty database in the folder first. It refuses a
// folder that already holds a shop, so a slip of the keyboard cannot overwrite live data.
func runRestore(args []string) int {
	flags := flag.NewFlagSet("restore", flag.ContinueOnError)
	dir := flags.String("dir", "pb_data", "the data dir to restore into (must not hold a shop yet)")
	flags.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: studio-server restore BACKUP.zip [--dir pb_data]")
		flags.PrintDefaults()
	}
	// Accept the flag after the file name as well, as the other commands do.
	if err := flags.Parse(args); err != nil {
		return 2
	}
	rest := flags.Args()
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

	if _, err := os.Stat(filepath.Join(*dir, "data.db")); err == nil {
		fmt.Fprintf(os.Stderr, "%s already holds a shop (data.db). Stop the server, move that folder away, then run this again.\n", *dir)
		return 1
	}
	if err := checkBackup(backup); err != nil {
		fmt.Fprintf(os.Stderr, "%s cannot be restored: %v\n", backup, err)
		return 1
	}
	if err := os.MkdirAll(*dir, 0o750); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := archive.Extract(backup, *dir); err != nil {
		fmt.Fprintf(os.Stderr, "restoring %s into %s failed: %v\n", backup, *dir, err)
		return 1
	}
	fmt.Printf("Restored %s into %s. Start the server to open the shop as it was.\n", backup, *dir)
	return 0
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
