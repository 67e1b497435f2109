package pictures

import (
	"image"
	"path"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// serveDerived sends the picture named kind derived from a record's file, made on first request.
// A picture that cannot be made (not an image after all) is a 404, logged for the studio.
func serveDerived(e *core.RequestEvent, record *core.Record, file, kind, cacheControl string, render func(image.Image) ([]byte, error)) error {
	key := path.Join(record.BaseFilesPath(), "thumbs_"+file, kind+"_"+path.Base(file)+".jpg")
	fsys, err := e.App.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	if err := ensureDerived(fsys, path.Join(record.BaseFilesPath(), file), key, render); err != nil {
		e.App.Logger().Warn("Making a derived picture failed", "kind", kind, "error", err, "file", key)
		return e.NotFoundError("", nil)
	}
	e.Response.Header().Set("Cache-Control", cacheControl)
	return fsys.Serve(e.Response, e.Request, key, kind+".jpg")
}

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
