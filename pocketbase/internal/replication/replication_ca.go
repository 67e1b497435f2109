package replication

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"sync"
	"unsafe"

	"github.com/benbjohnson/litestream/s3"
)

// caBundleEnv is held while the AWS SDK loads its configuration without it.
var caBundleEnv sync.Mutex

// initReplicaClient connects Litestream's S3 client, trusting the CA bundle that AWS_CA_BUNDLE
// names (set behind company proxies for the AWS tools). The AWS SDK can only add that bundle to an
// HTTP client it built itself, and refuses to start with the one Litestream builds; so the SDK
// starts without the variable, and the bundle goes into the transport of Litestream's client.
func initReplicaClient(ctx context.Context, c *s3.ReplicaClient) error {
	bundle := os.Getenv("AWS_CA_BUNDLE")
	if bundle == "" {
		return c.Init(ctx)
	}
	pem, err := os.ReadFile(bundle)
	if err != nil {
		return fmt.Errorf("AWS_CA_BUNDLE (%s) cannot be read: %w", bundle, err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		return fmt.Errorf("AWS_CA_BUNDLE (%s) holds no PEM certificate", bundle)
	}

	caBundleEnv.Lock()
	os.Unsetenv("AWS_CA_BUNDLE")
	err = c.Init(ctx)
	os.Setenv("AWS_CA_BUNDLE", bundle)
	caBundleEnv.Unlock()
	if err != nil {
		return err
	}
	transport, err := replicaTransport(c)
	if err != nil {
		return fmt.Errorf("AWS_CA_BUNDLE (%s) cannot be used: %w", bundle, err)
	}
	// Like the AWS SDK with a bundle: its certificates alone are trusted.
	if transport.TLSClientConfig == nil {
		transport.TLSClientConfig = &tls.Config{}
	}
	transport.TLSClientConfig.RootCAs = roots
	return nil
}

// replicaTransport is the transport of the HTTP client Litestream built in Init, which it does
// not expose; it has made no request yet, so its TLS settings can still change.
func replicaTransport(c *s3.ReplicaClient) (*http.Transport, error) {
	field := reflect.ValueOf(c).Elem().FieldByName("s3")
	if !field.IsValid() || field.Kind() != reflect.Pointer || field.IsNil() {
		return nil, errors.New("this Litestream's S3 client has no AWS client to configure")
	}
	client := reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem()
	options := client.MethodByName("Options")
	if !options.IsValid() {
		return nil, errors.New("this AWS S3 client has no options")
	}
	httpClient := options.Call(nil)[0].FieldByName("HTTPClient")
	if !httpClient.IsValid() {
		return nil, errors.New("this AWS S3 client has no HTTP client")
	}
	hc, ok := httpClient.Interface().(*http.Client)
	if !ok {
		return nil, fmt.Errorf("the AWS S3 client's HTTP client is a %T", httpClient.Interface())
	}
	transport, ok := hc.Transport.(*http.Transport)
	if !ok {
		return nil, fmt.Errorf("the AWS S3 client's transport is a %T", hc.Transport)
	}
	return transport, nil
}
