// Package downloads is the host's side of files sold to download: what an upload may be (its
// type read from its content, a PDF that opens), the copy of a PDF stamped for its buyer, and the
// route that streams a grant's file through a short-lived address, counting each download once
// (docs/decisions/034-digital-downloads.md).
package downloads

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gabriel-vasile/mimetype"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

func init() {
	// pdfcpu would otherwise write a configuration folder (and copy fonts) under the user's home.
	api.DisableConfigDir()
}

// kinds names each type a file for sale may be, by its content type, with the name endings that
// claim it.
var kinds = map[string]struct {
	label string
	ext   []string
}{
	"application/pdf": {"a PDF", []string{".pdf"}},
	"image/png":       {"a PNG picture", []string{".png"}},
	"application/zip": {"a ZIP archive", []string{".zip"}},
}

// checked is what an upload turned out to be.
type checked struct {
	contentType string
	bytes       int64
	pages       int
}

// checkUpload reads what a file is from its content, refuses one whose name claims another type,
// and opens a PDF through to its last page: an encrypted or damaged one is refused with the reason.
func checkUpload(f *filesystem.File) (checked, error) {
	r, err := f.Reader.Open()
	if err != nil {
		return checked{}, err
	}
	defer r.Close()
	sniffed, err := mimetype.DetectReader(r)
	if err != nil {
		return checked{}, err
	}
	contentType := sniffed.String()
	if i := strings.IndexByte(contentType, ';'); i >= 0 {
		contentType = contentType[:i]
	}
	kind, ok := kinds[contentType]
	if !ok {
		return checked{}, fmt.Errorf("%q is not a PDF, PNG or ZIP file (its content reads as %s).", f.OriginalName, contentType)
	}
	ext := strings.ToLower(filepath.Ext(f.OriginalName))
	if !contains(kind.ext, ext) {
		return checked{}, fmt.Errorf("%q is %s, but its name ends in %q: rename it to end in %s, or upload the file it claims to be.", f.OriginalName, kind.label, ext, kind.ext[0])
	}
	out := checked{contentType: contentType, bytes: f.Size}
	if contentType != "application/pdf" {
		return out, nil
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return checked{}, err
	}
	pages, err := pdfPages(r)
	if err != nil {
		return checked{}, fmt.Errorf("%q cannot be sold: %w", f.OriginalName, err)
	}
	out.pages = pages
	return out, nil
}

var errEncrypted = errors.New("it is encrypted (protected by a password or with restricted permissions). Save it again without protection, then upload it")

// pdfPages reads a whole PDF as pdfcpu will when stamping it, so one that could not be stamped
// later is refused now.
func pdfPages(r io.ReadSeeker) (int, error) {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	ctx, err := api.ReadContext(r, conf)
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "password") || strings.Contains(strings.ToLower(err.Error()), "encrypt") {
			return 0, errEncrypted
		}
		return 0, fmt.Errorf("it is damaged and cannot be read (%s). Export it again from the program that made it", short(err))
	}
	if ctx.Encrypt != nil || ctx.E != nil {
		return 0, errEncrypted
	}
	if err := api.ValidateContext(ctx); err != nil {
		return 0, fmt.Errorf("it is damaged and cannot be read (%s). Export it again from the program that made it", short(err))
	}
	if ctx.PageCount < 1 {
		return 0, errors.New("it has no pages")
	}
	return ctx.PageCount, nil
}

func short(err error) string {
	s := err.Error()
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// keepUploadFacts checks a new upload and writes what it is onto the record, whatever the request
// sent; a file belongs to exactly one digital item or book.
func keepUploadFacts(e *core.RecordRequestEvent) error {
	item, book := e.Record.GetString("digital_item"), e.Record.GetString("book")
	if (item == "") == (book == "") {
		return e.BadRequestError("A file belongs to one digital item or one book: choose exactly one.", nil)
	}
	files := e.Record.GetUnsavedFiles("file")
	if len(files) == 0 {
		if e.Record.IsNew() {
			return e.BadRequestError("Choose the file to sell.", nil)
		}
		// Facts of a file kept from its upload stay as they were.
		for _, field := range []string{"content_type", "bytes", "pages"} {
			e.Record.Set(field, e.Record.Original().Get(field))
		}
		if e.Record.GetBool("stamp") && e.Record.GetString("content_type") != "application/pdf" {
			return e.BadRequestError(stampOnlyPDF, nil)
		}
		return e.Next()
	}
	facts, err := checkUpload(files[0])
	if err != nil {
		return e.BadRequestError(err.Error(), nil)
	}
	if e.Record.GetBool("stamp") && facts.contentType != "application/pdf" {
		return e.BadRequestError(stampOnlyPDF, nil)
	}
	e.Record.Set("content_type", facts.contentType)
	e.Record.Set("bytes", facts.bytes)
	e.Record.Set("pages", facts.pages)
	return e.Next()
}

const stampOnlyPDF = "Only a PDF can be stamped with its buyer's name: turn Stamp off for this file."
