package replication

import (
	"context"
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// An S3 endpoint over TLS whose certificate only the given bundle vouches for: an empty listing.
func tlsBucket(t *testing.T) (url, bundle string, listed *atomic.Int32) {
	listed = new(atomic.Int32)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		listed.Add(1)
		w.Header().Set("Content-Type", "application/xml")
		_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>replica</Name><KeyCount>0</KeyCount><IsTruncated>false</IsTruncated></ListBucketResult>`))
	}))
	// The refused handshakes are what one test expects, not news.
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	bundle = filepath.Join(t.TempDir(), "company-ca.pem")
	cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	if err := os.WriteFile(bundle, cert, 0o600); err != nil {
		t.Fatal(err)
	}
	return srv.URL, bundle, listed
}

func listReplica(t *testing.T, endpoint string) error {
	t.Setenv("STUDIO_S3_ENDPOINT", endpoint)
	t.Setenv("STUDIO_S3_ACCESS_KEY", "studio")
	t.Setenv("STUDIO_S3_SECRET", "studio-secret")
	t.Setenv("STUDIO_S3_FORCE_PATH_STYLE", "true")
	client := replicaClient(replicaTarget{bucket: "replica", path: "shop"})
	ctx := context.Background()
	if err := initReplicaClient(ctx, client); err != nil {
		return err
	}
	files, err := client.LTXFiles(ctx, 0, 0, false)
	if err != nil {
		return err
	}
	defer files.Close()
	for files.Next() {
	}
	return files.Err()
}

func TestReplicaClientTrustsTheCABundle(t *testing.T) {
	url, bundle, listed := tlsBucket(t)
	t.Setenv("AWS_CA_BUNDLE", bundle)
	if err := listReplica(t, url); err != nil {
		t.Fatalf("listing the replica over TLS with AWS_CA_BUNDLE set: %v", err)
	}
	if listed.Load() == 0 {
		t.Fatal("the bucket was never asked")
	}
	if os.Getenv("AWS_CA_BUNDLE") != bundle {
		t.Fatal("AWS_CA_BUNDLE was not put back")
	}
}

func TestReplicaClientWithoutTheBundleRefusesTheCertificate(t *testing.T) {
	url, _, listed := tlsBucket(t)
	t.Setenv("AWS_CA_BUNDLE", "")
	err := listReplica(t, url)
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("expected a certificate error, got %v", err)
	}
	if listed.Load() != 0 {
		t.Fatal("the bucket answered a client that should not trust it")
	}
}

func TestReplicaClientNamesAnUnusableBundle(t *testing.T) {
	notPEM := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	for bundle, want := range map[string]string{
		notPEM:                "AWS_CA_BUNDLE (" + notPEM + ") holds no PEM certificate",
		"/nonexistent/ca.pem": "AWS_CA_BUNDLE (/nonexistent/ca.pem) cannot be read",
	} {
		t.Setenv("AWS_CA_BUNDLE", bundle)
		if err := listReplica(t, "http://127.0.0.1:1"); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("with %s: expected %q, got %v", bundle, want, err)
		}
	}
}
