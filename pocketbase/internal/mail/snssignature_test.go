package mail

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
)

const testCertURL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem"

type signer struct {
	key     *rsa.PrivateKey
	certPEM []byte
}

func newSigner(t *testing.T, notAfter time.Time) signer {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "sns.amazonaws.com"}, NotBefore: time.Now().Add(-time.Hour), NotAfter: notAfter}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return signer{key: key, certPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// sign returns the message as SNS posts it, signed with version "1" or "2".
func (s signer) sign(t *testing.T, m map[string]any, version string) []byte {
	t.Helper()
	m["SignatureVersion"] = version
	if _, ok := m["SigningCertURL"]; !ok {
		m["SigningCertURL"] = testCertURL
	}
	raw, _ := json.Marshal(m)
	var parsed snsMessage
	_ = json.Unmarshal(raw, &parsed)
	text, err := stringToSign(&parsed)
	if err != nil {
		t.Fatal(err)
	}
	hash := crypto.SHA1
	if version == "2" {
		hash = crypto.SHA256
	}
	sig, err := rsa.SignPKCS1v15(rand.Reader, s.key, hash, digestOf(hash, text))
	if err != nil {
		t.Fatal(err)
	}
	m["Signature"] = base64.StdEncoding.EncodeToString(sig)
	out, _ := json.Marshal(m)
	return out
}

func notification() map[string]any {
	return map[string]any{"Type": "Notification", "MessageId": "m-1", "TopicArn": "arn:aws:sns:eu-west-1:123456789012:mail", "Message": "{\"notificationType\":\"Bounce\"}\nwith a line", "Timestamp": "2026-11-27T01:00:00.000Z"}
}

func verifierServing(pemBytes []byte, fetched *int) *snsVerifier {
	return &snsVerifier{
		certs: map[string]*x509.Certificate{},
		fetch: func(string) ([]byte, error) {
			*fetched++
			return pemBytes, nil
		},
		trusted: func() ([]crypto.PublicKey, error) { return nil, nil },
	}
}

func TestSNSSignaturesOfBothVersionsVerifyWithTheCertificateSNSServesFetchedOnce(t *testing.T) {
	s := newSigner(t, time.Now().Add(24*time.Hour))
	fetched := 0
	v := verifierServing(s.certPEM, &fetched)
	withSubject := notification()
	withSubject["Subject"] = "Amazon SES Email Event Notification"
	confirmation := map[string]any{"Type": "SubscriptionConfirmation", "MessageId": "m-2", "Token": "tok", "TopicArn": "arn:aws:sns:eu-west-1:123456789012:mail", "Message": "You have chosen to subscribe", "SubscribeURL": "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription", "Timestamp": "2026-11-27T01:00:00.000Z"}
	for _, body := range [][]byte{s.sign(t, notification(), "1"), s.sign(t, notification(), "2"), s.sign(t, withSubject, "2"), s.sign(t, confirmation, "1")} {
		if err := v.verify(body); err != nil {
			t.Fatalf("a signed message is refused: %v\n%s", err, body)
		}
	}
	if fetched != 1 {
		t.Fatalf("the certificate was fetched %d times, not once", fetched)
	}
}

func TestSNSRefusesChangedMessagesOtherKeysAndCertificatesNotFromSNS(t *testing.T) {
	s := newSigner(t, time.Now().Add(24*time.Hour))
	other := newSigner(t, time.Now().Add(24*time.Hour))
	fetched := 0
	v := verifierServing(s.certPEM, &fetched)

	var changed map[string]any
	_ = json.Unmarshal(s.sign(t, notification(), "2"), &changed)
	changed["Message"] = "{\"notificationType\":\"Complaint\"}"
	tampered, _ := json.Marshal(changed)
	cases := map[string][]byte{
		"a changed message":          tampered,
		"another key":                other.sign(t, notification(), "2"),
		"an unknown version":         s.sign(t, notification(), "3"),
		"a plain http address":       s.sign(t, withURL(notification(), strings.Replace(testCertURL, "https:", "http:", 1)), "2"),
		"a host that is not SNS":     s.sign(t, withURL(notification(), "https://sns.eu-west-1.amazonaws.com.attacker.example/cert.pem"), "2"),
		"a look-alike host":          s.sign(t, withURL(notification(), "https://sns-eu-west-1.amazonaws.com/cert.pem"), "2"),
		"credentials in the address": s.sign(t, withURL(notification(), "https://me@sns.eu-west-1.amazonaws.com/cert.pem"), "2"),
		"not a certificate file":     s.sign(t, withURL(notification(), "https://sns.eu-west-1.amazonaws.com/?Action=Anything"), "2"),
		"no signature":               []byte(`{"Type":"Notification","MessageId":"m","SignatureVersion":"2","SigningCertURL":"` + testCertURL + `"}`),
		"not JSON":                   []byte("hello"),
	}
	for name, body := range cases {
		if err := v.verify(body); err == nil {
			t.Errorf("%s was accepted", name)
		}
	}

	expired := newSigner(t, time.Now().Add(-time.Minute))
	if err := verifierServing(expired.certPEM, &fetched).verify(expired.sign(t, notification(), "2")); err == nil {
		t.Error("an expired certificate was trusted")
	}
	failing := &snsVerifier{certs: map[string]*x509.Certificate{}, fetch: func(string) ([]byte, error) { return nil, errors.New("down") }, trusted: func() ([]crypto.PublicKey, error) { return nil, nil }}
	if err := failing.verify(s.sign(t, notification(), "2")); err == nil || !strings.Contains(err.Error(), "could not be fetched") {
		t.Errorf("an unreachable certificate: %v", err)
	}
}

// Configured keys stand in for SNS's certificates, and only for messages their own key signed:
// nothing is fetched.
func TestSNSTrustsTheConfiguredKeysWithoutFetching(t *testing.T) {
	s := newSigner(t, time.Now().Add(24*time.Hour))
	other := newSigner(t, time.Now().Add(24*time.Hour))
	block, _ := pem.Decode(s.certPEM)
	cert, _ := x509.ParseCertificate(block.Bytes)
	v := &snsVerifier{
		certs: map[string]*x509.Certificate{},
		fetch: func(string) ([]byte, error) {
			t.Fatal("fetched a certificate while keys are configured")
			return nil, nil
		},
		trusted: func() ([]crypto.PublicKey, error) { return []crypto.PublicKey{cert.PublicKey}, nil },
	}
	if err := v.verify(s.sign(t, notification(), "1")); err != nil {
		t.Fatalf("a message signed by a trusted key: %v", err)
	}
	if err := v.verify(other.sign(t, notification(), "2")); err == nil {
		t.Fatal("a message of another key was accepted")
	}
	if err := v.verify(s.sign(t, withURL(notification(), "https://attacker.example/cert.pem"), "2")); err == nil {
		t.Fatal("a trusted key excused an address that is not SNS's")
	}
}

func withURL(m map[string]any, certURL string) map[string]any {
	m["SigningCertURL"] = certURL
	return m
}
