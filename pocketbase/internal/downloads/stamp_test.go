package downloads

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

// twoPages is the smallest PDF worth stamping: two pages of text.
func twoPages() []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	bodies := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
		"<< /Length 35 >>\nstream\nBT /F1 12 Tf 50 500 Td (One) Tj ET\nendstream",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 3 0 R >> >> /Contents 7 0 R >>",
		"<< /Length 35 >>\nstream\nBT /F1 12 Tf 50 500 Td (Two) Tj ET\nendstream",
	}
	offsets := []int{}
	for i, body := range bodies {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(bodies)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(bodies)+1, xref)
	return b.Bytes()
}

func TestStampKeepsEveryPageAndCarriesTheLicense(t *testing.T) {
	license := License("Ada Lovelace", "ada@example.com", "abcdefgh12345")
	if license != "Licensed to Ada Lovelace · ada@example.com · order ABCDEFGH" {
		t.Fatalf("license line: %q", license)
	}
	out, err := Stamp(twoPages(), license)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := pdfPages(bytes.NewReader(out))
	if err != nil || pages != 2 {
		t.Fatalf("stamped copy: %d pages, %v", pages, err)
	}
	props, err := api.Properties(bytes.NewReader(out), nil)
	if err != nil || props["License"] != license {
		t.Fatalf("properties %v, %v", props, err)
	}
}

func TestStampReadsNoMarkupFromAName(t *testing.T) {
	out, err := Stamp(twoPages(), License(`50% off \ %p`, "x@example.com", "order1"))
	if err != nil {
		t.Fatal(err)
	}
	props, _ := api.Properties(bytes.NewReader(out), nil)
	if !strings.HasPrefix(props["License"], "Licensed to 50% off") {
		t.Fatalf("properties %v", props)
	}
}

func TestDamagedAndEncryptedPDFsAreRefusedWithTheReason(t *testing.T) {
	whole := twoPages()
	broken := bytes.Replace(whole, []byte("/Kids [4 0 R 6 0 R]"), []byte("/Kids [4 0 R 6 0 R"), 1)
	if _, err := pdfPages(bytes.NewReader(broken)); err == nil || !strings.Contains(err.Error(), "damaged and cannot be read (document catalog") {
		t.Fatalf("a broken page tree: %v", err)
	}
	var locked bytes.Buffer
	conf := api.LoadConfiguration()
	conf.UserPW, conf.OwnerPW = "", "owner-secret"
	if err := api.Encrypt(bytes.NewReader(whole), &locked, conf); err != nil {
		t.Fatal(err)
	}
	if _, err := pdfPages(bytes.NewReader(locked.Bytes())); err != errEncrypted {
		t.Fatalf("encrypted PDF: %v", err)
	}
}

// STAMP_BENCH_PDF names a PDF to time (scripts/bench-downloads.mjs makes a 40-page, 20 MB one).
func BenchmarkStamp(b *testing.B) {
	path := os.Getenv("STAMP_BENCH_PDF")
	if path == "" {
		b.Skip("STAMP_BENCH_PDF not set")
	}
	pdf, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	license := License("Ada Lovelace", "ada@example.com", "abcdefgh12345")
	for b.Loop() {
		if _, err := Stamp(pdf, license); err != nil {
			b.Fatal(err)
		}
	}
}
