package pictures

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"slices"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
)

// A piece's link preview picture: 1200 × 630, the size Facebook, Pinterest, iMessage and Slack
// draw, with the whole piece centred on the studio's paper colour, never cropped through the art.
// Made on first request from the original, stored in the file's thumbs folder (so it goes when
// the file goes) and served from storage afterwards.
const (
	ShareWidth  = 1200
	ShareHeight = 630
	shareMargin = 40
)

var sharePaper = color.NRGBA{0xf8, 0xf2, 0xe7, 0xff} // --paper, src/ui/tokens.css

// The catalogue's pictures anyone may see, by collection: the ones a page's preview names.
var sharedPictures = map[string][]string{
	"books": {"image"}, "paintings": {"image"}, "murals": {"image"}, "merchandise": {"primary_image"},
	"characters": {"image"}, "artist_profile": {"profile_image"}, "digital_items": {"image"},
}

// SharePath is the address of a record's file's link preview picture.
func SharePath(record *core.Record, file string) string {
	return "/api/studio/share/" + record.Collection().Name + "/" + record.Id + "/" + catalog.EncodeURIComponent(file)
}

// RegisterSharePictures serves the link preview pictures.
func RegisterSharePictures(se *core.ServeEvent) {
	se.Router.GET("/api/studio/share/{collection}/{id}/{file}", func(e *core.RequestEvent) error {
		collection, id, file := e.Request.PathValue("collection"), e.Request.PathValue("id"), e.Request.PathValue("file")
		fields, ok := sharedPictures[collection]
		if !ok {
			return e.NotFoundError("", nil)
		}
		record, err := e.App.FindRecordById(collection, id)
		if err != nil || !slices.ContainsFunc(fields, func(f string) bool { return record.GetString(f) == file && file != "" }) {
			return e.NotFoundError("", nil)
		}
		// The name changes with every upload, so the picture under it never does.
		return serveDerived(e, record, file, "share", "public, max-age=31536000, immutable", renderSharePicture)
	})
}

func renderSharePicture(art image.Image) ([]byte, error) {
	if art.Bounds().Dx() == 0 || art.Bounds().Dy() == 0 {
		return nil, errors.New("empty picture")
	}
	art = imaging.Fit(art, ShareWidth-2*shareMargin, ShareHeight-2*shareMargin, imaging.Lanczos)
	canvas := imaging.New(ShareWidth, ShareHeight, sharePaper)
	canvas = imaging.OverlayCenter(canvas, art, 1)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, canvas, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
