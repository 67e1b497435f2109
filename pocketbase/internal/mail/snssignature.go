package mail

import (
	"crypto"
	"crypto/rsa"
	"crypto/sha1" //nolint:gosec // SNS SignatureVersion 1 is SHA1withRSA: checking it needs SHA1
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sync"
	"time"

	"github.com/dop251/goja"

	studioenv "studio/server/internal/env"
)

// Amazon SNS signs each message it posts (bounces and complaints from SES, the subscription's
// confirmation) with a key whose certificate it serves at SigningCertURL. The hooks check the
// signature here ($sns.verify) before a report changes anyone's letters: a secret address and a
// topic check alone trust whoever learns the address.

// TrustedCertsEnv names a PEM file of signing certificates (or public keys) trusted instead of
// those SNS serves: for tests, which sign with a key of their own and must not reach the network.
// Unset (production), only a certificate SNS itself serves over HTTPS is trusted.
const TrustedCertsEnv = "STUDIO_SNS_TRUSTED_CERTS"

var (
	snsCertHost = regexp.MustCompile(`^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$`)
	snsCertPath = regexp.MustCompile(`^/[A-Za-z0-9._-]+\.pem$`)
)

const (
	snsCertLimit    = 64 << 10
	snsCertsCached  = 16
	snsFetchTimeout = 10 * time.Second
)

type snsMessage struct {
	Type             string
	MessageID        string `json:"MessageId"`
	Message          string
	Subject          *string
	Timestamp        string
	TopicArn         string
	Token            string
	SubscribeURL     string `json:"SubscribeURL"`
	Signature        string
	SignatureVersion string
	SigningCertURL   string `json:"SigningCertURL"`
}

// snsVerifier keeps the certificates fetched from SNS, by address, for every script VM at once.
type snsVerifier struct {
	mu      sync.Mutex
	certs   map[string]*x509.Certificate
	fetch   func(certURL string) ([]byte, error)
	trusted func() ([]crypto.PublicKey, error)
}

var sns = &snsVerifier{certs: map[string]*x509.Certificate{}, fetch: fetchSNSCert, trusted: sync.OnceValues(trustedFromEnv)}

// BindSNS gives the hooks $sns.verify(body): "" when the SNS message in body is signed by SNS,
// else why not.
func BindSNS(vm *goja.Runtime) {
	vm.Set("$sns", map[string]any{"verify": func(body string) string {
		if err := sns.verify([]byte(body)); err != nil {
			return err.Error()
		}
		return ""
	}})
}

// stringToSign is what SNS signed for a message of its type: named fields, each "name\nvalue\n".
func stringToSign(m *snsMessage) (string, error) {
	var fields []string
	switch m.Type {
	case "Notification":
		fields = []string{"Message", m.Message, "MessageId", m.MessageID}
		if m.Subject != nil {
			fields = append(fields, "Subject", *m.Subject)
		}
		fields = append(fields, "Timestamp", m.Timestamp, "TopicArn", m.TopicArn, "Type", m.Type)
	case "SubscriptionConfirmation", "UnsubscribeConfirmation":
		fields = []string{"Message", m.Message, "MessageId", m.MessageID, "SubscribeURL", m.SubscribeURL, "Timestamp", m.Timestamp, "Token", m.Token, "TopicArn", m.TopicArn, "Type", m.Type}
	default:
		return "", fmt.Errorf("unknown message type %q", m.Type)
	}
	out := ""
	for _, f := range fields {
		out += f + "\n"
	}
	return out, nil
}

func (v *snsVerifier) verify(body []byte) error {
	var m snsMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return errors.New("not an SNS message")
	}
	text, err := stringToSign(&m)
	if err != nil {
		return err
	}
	var hash crypto.Hash
	switch m.SignatureVersion {
	case "1":
		hash = crypto.SHA1
	case "2":
		hash = crypto.SHA256
	default:
		return fmt.Errorf("unknown signature version %q", m.SignatureVersion)
	}
	signature, err := base64.StdEncoding.DecodeString(m.Signature)
	if err != nil || len(signature) == 0 {
		return errors.New("no readable signature")
	}
	if err := checkCertURL(m.SigningCertURL); err != nil {
		return err
	}
	digest := digestOf(hash, text)
	configured, err := v.trusted()
	if err != nil {
		return err
	}
	if configured != nil {
		for _, key := range configured {
			if rsaKey, ok := key.(*rsa.PublicKey); ok && rsa.VerifyPKCS1v15(rsaKey, hash, digest, signature) == nil {
				return nil
			}
		}
		return errors.New("the signature does not match the message")
	}
	cert, err := v.cert(m.SigningCertURL)
	if err != nil {
		return err
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok {
		return errors.New("the signing certificate has no RSA key")
	}
	if rsa.VerifyPKCS1v15(key, hash, digest, signature) != nil {
		return errors.New("the signature does not match the message")
	}
	return nil
}

func digestOf(hash crypto.Hash, text string) []byte {
	if hash == crypto.SHA1 {
		sum := sha1.Sum([]byte(text)) //nolint:gosec // see the import
		return sum[:]
	}
	sum := sha256.Sum256([]byte(text))
	return sum[:]
}

// checkCertURL allows only an HTTPS address of SNS itself, so no message can name a certificate of
// its sender's choosing.
func checkCertURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || !snsCertHost.MatchString(u.Host) || !snsCertPath.MatchString(u.Path) || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return errors.New("the signing certificate is not at an HTTPS address of Amazon SNS")
	}
	return nil
}

// cert is the certificate at an SNS address, fetched once and kept while it is valid.
func (v *snsVerifier) cert(certURL string) (*x509.Certificate, error) {
	v.mu.Lock()
	cached := v.certs[certURL]
	v.mu.Unlock()
	now := time.Now()
	if cached != nil && now.Before(cached.NotAfter) {
		return cached, nil
	}
	raw, err := v.fetch(certURL)
	if err != nil {
		return nil, fmt.Errorf("the signing certificate could not be fetched: %w", err)
	}
	block, _ := pem.Decode(raw)
	if block == nil || block.Type != "CERTIFICATE" {
		return nil, errors.New("the signing certificate is not a PEM certificate")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, errors.New("the signing certificate does not parse")
	}
	if now.Before(cert.NotBefore) || now.After(cert.NotAfter) {
		return nil, errors.New("the signing certificate is not valid now")
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.certs) >= snsCertsCached {
		clear(v.certs) // SNS signs with one or two certificates at a time: an overflow is old ones
	}
	v.certs[certURL] = cert
	return cert, nil
}

func fetchSNSCert(certURL string) ([]byte, error) {
	client := &http.Client{Timeout: snsFetchTimeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(certURL)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", res.StatusCode)
	}
	return io.ReadAll(io.LimitReader(res.Body, snsCertLimit))
}

// trustedFromEnv reads the configured keys once: certificates or public keys, PEM; nil when none are.
func trustedFromEnv() ([]crypto.PublicKey, error) {
	path := studioenv.Get(TrustedCertsEnv, "")
	if path == "" {
		return nil, nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s names a file that cannot be read", TrustedCertsEnv)
	}
	var keys []crypto.PublicKey
	for block, rest := pem.Decode(raw); block != nil; block, rest = pem.Decode(rest) {
		switch block.Type {
		case "CERTIFICATE":
			if cert, err := x509.ParseCertificate(block.Bytes); err == nil {
				keys = append(keys, cert.PublicKey)
			}
		case "PUBLIC KEY":
			if key, err := x509.ParsePKIXPublicKey(block.Bytes); err == nil {
				keys = append(keys, key)
			}
		}
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s names a file with no certificate or public key", TrustedCertsEnv)
	}
	return keys, nil
}
