package editions

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png"
	"io"
	"strings"
	"time"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"
	"github.com/signintech/gopdf"
	_ "golang.org/x/image/webp"
	"rsc.io/qr"
)

// A certificate is an A5 page a printer takes as it is: the fonts embedded (DejaVu Serif, under
// the Bitstream Vera licence in fonts/LICENSE), the picture at 300 dpi for the size it is printed,
// and the QR code drawn as squares, sharp at any resolution.
var (
	//go:embed fonts/DejaVuSerif.ttf
	serifRegular []byte
	//go:embed fonts/DejaVuSerif-Bold.ttf
	serifBold []byte
)

const (
	pageW, pageH = 148.0, 210.0 // A5, mm
	margin       = 14.0
	pictureH     = 92.0
	qrSide       = 30.0
	dpi          = 300.0
)

var (
	ink   = [3]uint8{0x2b, 0x2a, 0x33}
	faded = [3]uint8{0x6b, 0x68, 0x74}
	rule  = [3]uint8{0xc9, 0xbf, 0xa8}
)

// ErrNotIssued is a certificate asked for a number the ledger has no sale of.
var ErrNotIssued = errors.New("this number has not been issued")

// VerifyPath is the public address of number n of an edition.
func VerifyPath(edition string, n int) string { return fmt.Sprintf("/verify/%s/%d", edition, n) }

// Certificate is the PDF of number n of an edition, for the shop at site, named studio.
func Certificate(app core.App, editionID string, n int, site, studio string) ([]byte, error) {
	l, err := Load(app, editionID)
	if err != nil {
		return nil, err
	}
	entry := l.Entry(n)
	if !entry.Issued {
		return nil, ErrNotIssued
	}
	painting, err := app.FindRecordById("paintings", l.Edition.GetString("painting"))
	if err != nil {
		return nil, err
	}
	picture, _ := pictureOf(app, painting)
	return draw(certificate{
		title:      painting.GetString("title"),
		number:     n,
		size:       entry.Size,
		paper:      l.Edition.GetString("paper"),
		dimensions: l.Edition.GetString("dimensions"),
		printed:    l.Edition.GetDateTime("print_date").Time(),
		sold:       soldOn(entry.Sale.At),
		studio:     studio,
		verify:     strings.TrimRight(site, "/") + VerifyPath(editionID, n),
		digest:     entry.Sale.Digest,
		picture:    picture,
	})
}

type certificate struct {
	title, paper, dimensions, studio, verify, digest string
	number, size                                     int
	printed, sold                                    time.Time
	picture                                          image.Image
}

func soldOn(at string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, at)
	return t
}

// pictureOf is the painting's picture, scaled for the size it is printed at; nil when it has none.
func pictureOf(app core.App, painting *core.Record) (image.Image, error) {
	name := painting.GetString("image")
	if name == "" {
		return nil, errors.New("no picture")
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	r, err := fsys.GetReader(painting.BaseFilesPath() + "/" + name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	img, _, err := image.Decode(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, err
	}
	width, height := (pageW-2*margin)/25.4*dpi, pictureH/25.4*dpi
	return imaging.Fit(img, int(width), int(height), imaging.Lanczos), nil
}

func draw(c certificate) ([]byte, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA5, Unit: gopdf.UnitMM})
	pdf.SetInfo(gopdf.PdfInfo{Title: fmt.Sprintf("%s, %d/%d: certificate of authenticity", c.title, c.number, c.size), Author: c.studio, Creator: c.studio})
	if err := pdf.AddTTFFontData("serif", serifRegular); err != nil {
		return nil, err
	}
	if err := pdf.AddTTFFontData("serif-bold", serifBold); err != nil {
		return nil, err
	}
	pdf.AddPage()
	w := pageW - 2*margin
	y := margin

	text(pdf, "serif", 8.5, faded, margin, y, w, "CERTIFICATE OF AUTHENTICITY")
	y += 8
	if c.picture != nil {
		b := c.picture.Bounds()
		scale := min(w/float64(b.Dx()), pictureH/float64(b.Dy()))
		pw, ph := float64(b.Dx())*scale, float64(b.Dy())*scale
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, c.picture, &jpeg.Options{Quality: 90}); err != nil {
			return nil, err
		}
		holder, err := gopdf.ImageHolderByBytes(buf.Bytes())
		if err != nil {
			return nil, err
		}
		if err := pdf.ImageByHolder(holder, margin+(w-pw)/2, y+(pictureH-ph)/2, &gopdf.Rect{W: pw, H: ph}); err != nil {
			return nil, err
		}
	}
	y += pictureH + 7
	text(pdf, "serif-bold", 17, ink, margin, y, w, c.title)
	y += 9
	text(pdf, "serif", 12, ink, margin, y, w, fmt.Sprintf("Limited edition print %d/%d", c.number, c.size))
	y += 8
	pdf.SetStrokeColor(rule[0], rule[1], rule[2])
	pdf.SetLineWidth(0.3)
	pdf.Line(margin+w/2-18, y, margin+w/2+18, y)
	y += 5

	facts := []string{}
	if c.paper != "" {
		facts = append(facts, "Printed on "+c.paper)
	}
	if c.dimensions != "" {
		facts = append(facts, c.dimensions)
	}
	if !c.printed.IsZero() {
		facts = append(facts, "Printed "+c.printed.Format("January 2006"))
	}
	if !c.sold.IsZero() {
		facts = append(facts, "Sold on "+c.sold.Format("2 January 2006"))
	}
	for _, f := range facts {
		text(pdf, "serif", 9.5, ink, margin, y, w, f)
		y += 5.2
	}

	// The foot: who vouches for it on the left, where to check it on the right.
	foot := pageH - margin - qrSide
	if err := drawQR(pdf, c.verify, pageW-margin-qrSide, foot); err != nil {
		return nil, err
	}
	left := w - qrSide - 6
	pdf.SetStrokeColor(ink[0], ink[1], ink[2])
	pdf.SetLineWidth(0.2)
	pdf.Line(margin, foot+12, margin+left*0.8, foot+12)
	textLeft(pdf, "serif", 8, faded, margin, foot+14, "Signed for "+c.studio)
	textLeft(pdf, "serif", 7.5, faded, margin, foot+21, "Verify this print at")
	textLeft(pdf, "serif", 7, ink, margin, foot+25, fit(pdf, c.verify, left))
	textLeft(pdf, "serif", 6.5, faded, margin, foot+29, "Ledger entry "+c.digest[:16])
	return pdf.GetBytesPdf(), nil
}

// text draws one line centred in a box of width w.
func text(pdf *gopdf.GoPdf, font string, size float64, color [3]uint8, x, y, w float64, s string) {
	_ = pdf.SetFont(font, "", size)
	pdf.SetTextColor(color[0], color[1], color[2])
	pdf.SetXY(x, y)
	_ = pdf.CellWithOption(&gopdf.Rect{W: w, H: size * 0.42}, fit(pdf, s, w), gopdf.CellOption{Align: gopdf.Center | gopdf.Top})
}

func textLeft(pdf *gopdf.GoPdf, font string, size float64, color [3]uint8, x, y float64, s string) {
	_ = pdf.SetFont(font, "", size)
	pdf.SetTextColor(color[0], color[1], color[2])
	pdf.SetXY(x, y)
	_ = pdf.Cell(nil, s)
}

// fit shortens s with an ellipsis until it fits in w with the current font.
func fit(pdf *gopdf.GoPdf, s string, w float64) string {
	runes := []rune(s)
	for len(runes) > 1 {
		out := string(runes)
		if len(runes) < len([]rune(s)) {
			out += "…"
		}
		if width, err := pdf.MeasureTextWidth(out); err != nil || width <= w {
			return out
		}
		runes = runes[:len(runes)-1]
	}
	return s
}

// drawQR draws the address as a QR code of side qrSide at (x, y), one filled square per module,
// with the quiet zone the standard asks for inside that side.
func drawQR(pdf *gopdf.GoPdf, address string, x, y float64) error {
	code, err := qr.Encode(address, qr.M)
	if err != nil {
		return err
	}
	const quiet = 4
	module := qrSide / float64(code.Size+2*quiet)
	pdf.SetFillColor(0, 0, 0)
	// A row's dark run is one rectangle, a hair taller than its row, so no renderer leaves a seam.
	for row := 0; row < code.Size; row++ {
		for col := 0; col < code.Size; {
			if !code.Black(col, row) {
				col++
				continue
			}
			start := col
			for col < code.Size && code.Black(col, row) {
				col++
			}
			pdf.RectFromUpperLeftWithStyle(x+float64(start+quiet)*module, y+float64(row+quiet)*module, float64(col-start)*module, module*1.02, "F")
		}
	}
	return nil
}
