package pictures

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"github.com/disintegration/imaging"
)

// A flat picture comes back reduced and no longer flat: the mark runs across all of it.
func TestProofIsReducedAndMarkedEverywhere(t *testing.T) {
	flat := imaging.New(1600, 1200, color.NRGBA{0x30, 0x60, 0x90, 0xff})
	body, err := renderProof(flat)
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1000 || b.Dy() != 750 {
		t.Fatalf("proof is %dx%d, want 1000x750", b.Dx(), b.Dy())
	}
	// Every quarter of the picture carries some of the mark.
	for _, q := range []image.Rectangle{image.Rect(0, 0, 500, 375), image.Rect(500, 0, 1000, 375), image.Rect(0, 375, 500, 750), image.Rect(500, 375, 1000, 750)} {
		marked := 0
		for y := q.Min.Y; y < q.Max.Y; y += 2 {
			for x := q.Min.X; x < q.Max.X; x += 2 {
				r, _, _, _ := img.At(x, y).RGBA()
				if r>>8 > 0x90 {
					marked++
				}
			}
		}
		if marked < 500 {
			t.Errorf("quarter %v has only %d marked samples", q, marked)
		}
	}
}
