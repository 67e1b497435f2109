package main

import (
	"bytes"
	"errors"
	"image/color"
	"image/jpeg"
	"path"
	"slices"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// A piece's link preview picture: 1200 × 630, the size Facebook, Pinterest, iMessage and Slack
// draw, with the whole piece centred on the studio's paper colour, never cropped through the art.
// Made on first request from the original, stored in the file's thumbs folder (so it goes when
// the file goes) and served from storage afterwards.
const (
	shareWidth  = 1200
	shareHeight = 630
	shareMargin = 40
)

var sharePaper = color.NRGBA{0xf8, 0xf2, 0xe7, 0xff} // --paper, src/ui/tokens.css

// The catalogue's pictures anyone may see, by collection: the ones a page's preview names.
var sharedPictures = map[string][]string{
	"books": {"image"}, "paintings": {"image"}, "murals": {"image"}, "merchandise": {"primary_image"},
	"characters": {"image"}, "artist_profile": {"profile_image"},
}

func sharePath(record *core.Record, file string) string {
	return "/api/studio/share/" + record.Collection().Name + "/" + record.Id + "/" + encodeURIComponent(file)
}

func registerSharePictures(se *core.ServeEvent) {
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
		key := path.Join(record.BaseFilesPath(), "thumbs_"+file, "share_"+path.Base(file)+".jpg")
		fsys, err := e.App.NewFilesystem()
		if err != nil {
			return err
		}
		defer fsys.Close()
		if err := ensureSharePicture(fsys, path.Join(record.BaseFilesPath(), file), key); err != nil {
			e.App.Logger().Warn("Making a share picture failed", "error", err, "file", key)
			return e.NotFoundError("", nil)
		}
		// The name changes with every upload, so the picture under it never does.
		e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		return fsys.Serve(e.Response, e.Request, key, "share.jpg")
	})
}

func ensureSharePicture(fsys *filesystem.System, original, key string) error {
	_, err, _ := renditionFlight.Do(key, func() (any, error) {
		if ok, _ := fsys.Exists(key); ok {
			return nil, nil
		}
		encodeSlot <- struct{}{}
		defer func() { <-encodeSlot }()
		body, err := renderSharePicture(fsys, original)
		if err != nil {
			return nil, err
		}
		return nil, fsys.Upload(body, key)
	})
	return err
}

func renderSharePicture(fsys *filesystem.System, original string) ([]byte, error) {
	r, err := fsys.GetReader(original)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	art, err := imaging.Decode(r, imaging.AutoOrientation(true))
	if err != nil {
		return nil, err
	}
	if art.Bounds().Dx() == 0 || art.Bounds().Dy() == 0 {
		return nil, errors.New("empty picture")
	}
	art = imaging.Fit(art, shareWidth-2*shareMargin, shareHeight-2*shareMargin, imaging.Lanczos)
	canvas := imaging.New(shareWidth, shareHeight, sharePaper)
	canvas = imaging.OverlayCenter(canvas, art, 1)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, canvas, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
