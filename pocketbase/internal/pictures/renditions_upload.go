package pictures

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"studio/server/internal/catalog"
)

// A public catalogue picture's thumbnails and WebP renditions are made as soon as it is uploaded:
// otherwise the first visitor after an upload waits for PocketBase to make the thumbnail from the
// (possibly large) original and then for the encode. JPEG serves only the rare browser without
// WebP, so it waits for a request; protected files are no visitor's picture.

// Saves wait in a short queue for one worker, so a batch of uploads does not decode many
// originals at once beside the visitors' requests. A bulk import that overflows it leaves the
// rest to be made when first asked for, as before, instead of keeping the server busy for long.
const uploadQueueSize = 64

var (
	uploadQueue     = make(chan []uploadedPicture, uploadQueueSize)
	uploadQueueOnce sync.Once
)

type uploadedPicture struct {
	original string   // storage key of the uploaded file
	dir      string   // the key of its thumbs folder
	name     string   // file name
	sizes    []string // the thumb sizes its field offers
}

func registerUploadRenditions(app core.App) {
	made := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if pictures := newPictures(e.Record); len(pictures) > 0 {
			uploadQueueOnce.Do(func() { go makeUploadRenditions(e.App) })
			select {
			case uploadQueue <- pictures:
			default:
				e.App.Logger().Debug("Upload renditions queue full; the pictures are made when first asked for", "record", e.Record.Id)
			}
		}
		return nil
	}
	catalog := slices.Sorted(maps.Keys(catalog.Collections))
	app.OnRecordAfterCreateSuccess(catalog...).BindFunc(made)
	app.OnRecordAfterUpdateSuccess(catalog...).BindFunc(made)
}

// newPictures: the record's files not in it before this save, in the public file fields that
// offer thumbnails.
func newPictures(record *core.Record) []uploadedPicture {
	var pictures []uploadedPicture
	before := record.Original()
	base := record.BaseFilesPath()
	for _, field := range record.Collection().Fields {
		f, ok := field.(*core.FileField)
		if !ok || f.Protected || len(f.Thumbs) == 0 {
			continue
		}
		old := before.GetStringSlice(f.Name)
		for _, name := range record.GetStringSlice(f.Name) {
			if !slices.Contains(old, name) {
				pictures = append(pictures, uploadedPicture{
					original: base + "/" + name,
					dir:      base + "/thumbs_" + name,
					name:     name,
					sizes:    slices.Clone(f.Thumbs),
				})
			}
		}
	}
	return pictures
}

func makeUploadRenditions(app core.App) {
	for pictures := range uploadQueue {
		for _, p := range pictures {
			storageWrites.RLock()
			err := uploadRenditions(app, p)
			storageWrites.RUnlock()
			if err != nil {
				app.Logger().Warn("Making a picture's renditions on upload failed; they are made when first asked for",
					"error", err, "original", p.original)
			}
		}
	}
}

// uploadRenditions makes each of the picture's thumbnail sizes and its WebP, with one storage
// connection and one look at the original for all of them.
func uploadRenditions(app core.App, p uploadedPicture) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	fsys, err := app.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	// PocketBase thumbnails only these (apis/file.go); a file gone already was replaced or deleted.
	attrs, err := fsys.Attributes(p.original)
	if errors.Is(err, filesystem.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	if !slices.Contains([]string{"image/png", "image/jpg", "image/jpeg", "image/gif", "image/webp"}, attrs.ContentType) {
		return nil
	}
	var failed []error
	for _, size := range p.sizes {
		thumbName := size + "_" + p.name
		thumbKey := p.dir + "/" + thumbName
		if ok, _ := fsys.Exists(thumbKey); !ok {
			if err := fsys.CreateThumb(p.original, thumbKey, size); err != nil {
				failed = append(failed, fmt.Errorf("thumb %s: %w", size, err))
				continue
			}
		}
		_, key := renditionKey(thumbKey, thumbName, "webp")
		if err := ensureRenditionIn(fsys, thumbKey, key, "webp"); err != nil && !errors.Is(err, errKeepThumb) {
			failed = append(failed, fmt.Errorf("webp %s: %w", size, err))
		}
	}
	return errors.Join(failed...)
}
