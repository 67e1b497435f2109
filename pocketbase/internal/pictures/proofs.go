package pictures

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"strings"
	"sync"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Proofs: the customer sees a sketch or a progress shot only as a reduced picture with the
// studio's mark across it, made here, so the original never leaves the server for them (the
// file rules of pb_migrations keep a proof's original to the studio). Made on first request and
// stored in the file's thumbs folder, like the other renditions.
const (
	proofMaxSide   = 1000
	proofQuality   = 78
	proofWatermark = "PROOF · Lanternwood Studio"
)

var proofFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

// RegisterProofs serves the marked proofs.
func RegisterProofs(se *core.ServeEvent) {
	se.Router.GET("/api/studio/proofs/{id}", func(e *core.RequestEvent) error {
		record, err := e.App.FindRecordById("commission_files", e.Request.PathValue("id"))
		if err != nil || record.GetString("kind") != "proof" || !strings.HasPrefix(record.GetString("file_type"), "image/") {
			return e.NotFoundError("", nil)
		}
		if !mayViewProof(e, record) {
			return e.NotFoundError("", nil)
		}
		return serveDerived(e, record, record.GetString("file"), "proof", "private, max-age=86400", renderProof)
	})
}

// mayViewProof: the studio, or the commission's owner, signed in or holding a file token (an
// <img> sends no Authorization header).
func mayViewProof(e *core.RequestEvent, record *core.Record) bool {
	auth := e.Auth
	if auth == nil {
		if token := e.Request.URL.Query().Get("token"); token != "" {
			auth, _ = e.App.FindAuthRecordByToken(token, core.TokenTypeFile)
		}
	}
	if auth == nil {
		return false
	}
	if auth.IsSuperuser() || (auth.Collection().Name == "users" && auth.GetBool("is_admin")) {
		return true
	}
	commission, err := e.App.FindRecordById("commissions", record.GetString("commission"))
	return err == nil && auth.Collection().Name == "users" && commission.GetString("user") == auth.Id
}

func renderProof(img image.Image) ([]byte, error) {
	if img.Bounds().Dx() == 0 || img.Bounds().Dy() == 0 {
		return nil, errors.New("empty picture")
	}
	small := imaging.Fit(img, proofMaxSide, proofMaxSide, imaging.Lanczos)
	// A transparent picture lands on white: JPEG has no transparency.
	canvas := imaging.New(small.Bounds().Dx(), small.Bounds().Dy(), color.White)
	canvas = imaging.Overlay(canvas, small, image.Pt(0, 0), 1)
	marked, err := watermark(canvas)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, marked, &jpeg.Options{Quality: proofQuality}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// watermark writes the studio's mark in rows across the whole picture at an angle, light with a
// dark edge so it reads on pale and dark paint alike, and so that no crop of any size is clean.
func watermark(img *image.NRGBA) (*image.NRGBA, error) {
	f, err := proofFont()
	if err != nil {
		return nil, err
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	size := math.Max(10, float64(w)/16)
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	defer face.Close()
	side := int(math.Hypot(float64(w), float64(h))) + 1
	layer := image.NewNRGBA(image.Rect(0, 0, side, side))
	shadow := &font.Drawer{Dst: layer, Src: image.NewUniform(color.NRGBA{0x20, 0x18, 0x10, 0x70}), Face: face}
	light := &font.Drawer{Dst: layer, Src: image.NewUniform(color.NRGBA{0xff, 0xff, 0xff, 0xa0}), Face: face}
	textWidth := light.MeasureString(proofWatermark).Ceil()
	gap := int(size * 1.5)
	row := int(size * 2.6)
	edge := int(math.Max(1, size/14))
	for i, y := 0, row; y < side+row; i, y = i+1, y+row {
		for x := -(i % 2) * (textWidth + gap) / 2; x < side; x += textWidth + gap {
			shadow.Dot = fixed.P(x+edge, y+edge)
			shadow.DrawString(proofWatermark)
			light.Dot = fixed.P(x, y)
			light.DrawString(proofWatermark)
		}
	}
	rotated := imaging.Rotate(layer, 30, color.Transparent)
	return imaging.OverlayCenter(img, rotated, 1), nil
}
