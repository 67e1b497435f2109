package main

import (
	"image"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// ensureDerived makes a picture derived from an original (a link preview, a marked proof) once and
// stores it at key, beside the file's thumbnails, so it goes when the file goes. Requests for the
// same key share one making, and making takes an encoding slot like the other renditions.
func ensureDerived(fsys *filesystem.System, original, key string, render func(image.Image) ([]byte, error)) error {
	_, err, _ := renditionFlight.Do(key, func() (any, error) {
		if ok, _ := fsys.Exists(key); ok {
			return nil, nil
		}
		encodeSlot <- struct{}{}
		defer func() { <-encodeSlot }()
		r, err := fsys.GetReader(original)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		img, err := imaging.Decode(r, imaging.AutoOrientation(true))
		if err != nil {
			return nil, err
		}
		body, err := render(img)
		if err != nil {
			return nil, err
		}
		return nil, fsys.Upload(body, key)
	})
	return err
}
