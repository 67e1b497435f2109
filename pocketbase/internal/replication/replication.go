package replication

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/s3"
	"github.com/pocketbase/pocketbase/core"
)

// Litestream copies every committed page of data.db to the bucket as it reaches the write-ahead
// log, so losing the machine loses seconds of orders rather than the day since the nightly
// backup. auxiliary.db is left out: it holds PocketBase's request logs, which a new machine can
// start without.
const (
	replicaSyncEvery = time.Second
	// Restoring to a chosen second needs the per-transaction files; a small shop writes few of
	// them, so they are kept a day instead of Litestream's five minutes.
	replicaL0Retention = 24 * time.Hour
	replicaRetention   = 7 * 24 * time.Hour
	// Litestream keeps its position and staged files beside the database; a nightly backup or a
	// restored folder must not carry one shop's position into another.
	replicaMetaDir = ".data.db" + litestream.MetaDirSuffix
)

type replicaTarget struct {
	bucket, path string
}

func (t replicaTarget) String() string { return "s3://" + t.bucket + "/" + t.path }

// FromEnv reads STUDIO_REPLICA_URL; ok is false when replication is off.
func FromEnv() (target replicaTarget, ok bool, err error) {
	raw := strings.TrimSpace(os.Getenv("STUDIO_REPLICA_URL"))
	if raw == "" {
		return target, false, nil
	}
	// Keys in the address would reach the journal with any message that quotes it; an "@" anywhere
	// is refused, since a secret with a slash in it does not even parse as user info.
	if strings.Contains(raw, "@") {
		return target, false, errors.New("STUDIO_REPLICA_URL must not carry keys: set them in STUDIO_S3_ACCESS_KEY and STUDIO_S3_SECRET, and the address as s3://bucket/path.")
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse's error quotes the whole address.
		return target, false, errors.New("STUDIO_REPLICA_URL must look like s3://bucket/path, and could not be read as an address")
	}
	target = replicaTarget{bucket: u.Host, path: strings.Trim(u.Path, "/")}
	if u.Scheme != "s3" || target.bucket == "" || target.path == "" {
		return replicaTarget{}, false, fmt.Errorf("STUDIO_REPLICA_URL must look like s3://bucket/path, got bucket %q and path %q", target.bucket, target.path)
	}
	return target, true, nil
}

// replicaClient reaches the bucket with the endpoint and keys of the STUDIO_S3_* settings, so
// one set of credentials serves files, backups and the replica.
func replicaClient(t replicaTarget) *s3.ReplicaClient {
	c := s3.NewReplicaClient()
	c.Bucket = t.bucket
	c.Path = t.path
	c.Region = env("STUDIO_S3_REGION", "us-east-1")
	c.Endpoint = os.Getenv("STUDIO_S3_ENDPOINT")
	c.AccessKeyID = os.Getenv("STUDIO_S3_ACCESS_KEY")
	c.SecretAccessKey = os.Getenv("STUDIO_S3_SECRET")
	c.ForcePathStyle = envBool("STUDIO_S3_FORCE_PATH_STYLE", false)
	c.SetLogger(replicaLogger())
	return c
}

// Litestream reports at info level on every compaction; the server's output keeps its warnings
// and errors only.
func replicaLogger() *slog.Logger {
	if env("STUDIO_DEV", "") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type replication struct {
	target    replicaTarget
	store     *litestream.Store
	db        *litestream.DB
	startedAt time.Time
}

func startReplication(app core.App, t replicaTarget) (*replication, error) {
	logger := replicaLogger()
	db := litestream.NewDB(filepath.Join(app.DataDir(), "data.db"))
	db.MonitorInterval = replicaSyncEvery
	client := replicaClient(t)
	replica := litestream.NewReplicaWithClient(db, client)
	replica.SyncInterval = replicaSyncEvery
	db.Replica = replica

	store := litestream.NewStore([]*litestream.DB{db}, litestream.DefaultCompactionLevels)
	store.Logger = logger
	db.SetLogger(logger)
	store.SetL0Retention(replicaL0Retention)
	store.SnapshotRetention = replicaRetention
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := initReplicaClient(ctx, client); err != nil {
		return nil, fmt.Errorf("replication to %s could not start: %w", t, err)
	}
	if err := store.Open(ctx); err != nil {
		return nil, fmt.Errorf("replication to %s could not start: %w", t, err)
	}
	return &replication{target: t, store: store, db: db, startedAt: time.Now()}, nil
}

// stop runs after PocketBase has closed its connections: Litestream's own file handle on
// data.db must not be closed under an open connection, or the process's locks go with it.
func (r *replication) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := r.store.Close(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "Replication: stopping: %v\n", err)
	}
}

// lastReplicated is when everything written so far was last known to be in the bucket.
func (r *replication) lastReplicated() time.Time { return r.db.LastSuccessfulSyncAt() }

// checkpoint folds the write-ahead log into data.db through Litestream, which copies the log's
// last frames to the bucket first and then lets go of its read lock for the checkpoint.
func (r *replication) checkpoint(ctx context.Context) error {
	return r.db.Checkpoint(ctx, litestream.CheckpointModeTruncate)
}

func replicationStatus(r *replication, filesInBucket bool) string {
	if r == nil {
		return "Replication: off, so writes since the last nightly backup would be lost with this machine's disk. Set STUDIO_REPLICA_URL to copy every write to a bucket."
	}
	line := fmt.Sprintf("Replication: to %s every %d s", r.target, int(replicaSyncEvery.Seconds()))
	if !filesInBucket {
		line += " (the database only: uploaded pictures and files stay on this disk and are only in the nightly backup; set STUDIO_S3_BUCKET to keep them in a bucket too)"
	}
	return line
}
