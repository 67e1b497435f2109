package pictures

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/chai2010/webp"
	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"golang.org/x/sync/singleflight"

	"studio/server/internal/accept"
)

// Picture renditions. PocketBase makes each thumbnail (?thumb=800x0) in the original's format,
// so a PNG painting becomes an 800 px PNG of a few hundred KB. A browser that takes WebP gets
// the thumbnail re-encoded as lossy WebP; any other browser gets a well-compressed JPEG. Both
// are made on first request from PocketBase's thumbnail (already at the drawn width), stored
// beside it in the file's thumbs folder (so they go when the file goes) and served from storage
// afterwards. The original upload is never touched.
const (
	webpQuality = 74
	jpegQuality = 80
)

var (
	renditionFlight singleflight.Group
	// Encoding is CPU-bound; one at a time keeps the API answering on a small server.
	encodeSlot = make(chan struct{}, 1)
)

// The sizes a picture is made in are its file field's thumbs (pb_migrations' THUMBS): the upload
// renditions make each of them, and a page's srcset offers the width-only ones ("800x0"), as
// src/lib/files.ts does in the app. DrawnWidth is the src of every <img> (src/ui/Thumb.tsx).
const DrawnWidth = 800

// SrcsetWidths: the widths of the field's width-only thumbs, narrowest first.
func SrcsetWidths(field *core.FileField) []int {
	var widths []int
	for _, size := range field.Thumbs {
		if w, ok := strings.CutSuffix(size, "x0"); ok {
			if n, err := strconv.Atoi(w); err == nil && n > 0 {
				widths = append(widths, n)
			}
		}
	}
	slices.Sort(widths)
	return widths
}

// RegisterRenditions makes every public picture's renditions on upload and serves them.
func RegisterRenditions(app core.App) {
	registerUploadRenditions(app)
	registerBackupPause(app)
	app.OnFileDownloadRequest().BindFunc(func(e *core.FileDownloadRequestEvent) error {
		thumb := e.Request.URL.Query().Get("thumb")
		if thumb == "" || e.ThumbError != nil || !strings.HasPrefix(e.ServedName, thumb+"_") {
			return e.Next() // the original, or a file PocketBase could not thumbnail
		}
		e.Response.Header().Add("Vary", "Accept")
		format := "jpeg"
		if accept.WebP(e.Request.Header.Get("Accept")) {
			format = "webp"
		}
		name, key := renditionKey(e.ServedPath, e.ServedName, format)
		if err := ensureRendition(e.App, e.ServedPath, key, format); err != nil {
			if !errors.Is(err, errKeepThumb) {
				e.App.Logger().Warn("Serving the thumbnail as made: rendition failed", "error", err, "thumb", e.ServedPath)
			}
			return e.Next()
		}
		e.ServedPath, e.ServedName = key, name
		return e.Next()
	})
}

// errKeepThumb: PocketBase's own thumbnail is already the right answer (a JPEG for a JPEG
// original, or a picture with transparency that JPEG cannot carry).
var errKeepThumb = errors.New("the thumbnail is served as made")

func renditionKey(thumbPath, thumbName, format string) (name, key string) {
	name = strings.TrimSuffix(thumbName, path.Ext(thumbName)) + "." + format
	return name, path.Join(path.Dir(thumbPath), name)
}

func ensureRendition(app core.App, thumbKey, key, format string) error {
	fsys, err := app.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	storageWrites.RLock()
	defer storageWrites.RUnlock()
	return ensureRenditionIn(fsys, thumbKey, key, format)
}

// ensureRenditionIn makes the rendition `key` of the thumbnail `thumbKey` unless it is stored
// already, once however many requests ask for it at the same time.
func ensureRenditionIn(fsys *filesystem.System, thumbKey, key, format string) error {
	_, err, _ := renditionFlight.Do(key, func() (any, error) {
		if ok, _ := fsys.Exists(key); ok {
			return nil, nil
		}
		encodeSlot <- struct{}{}
		defer func() { <-encodeSlot }()
		body, err := encodeRendition(fsys, thumbKey, format)
		if err != nil {
			return nil, err
		}
		return nil, fsys.Upload(body, key)
	})
	return err
}

func encodeRendition(fsys *filesystem.System, thumbKey, format string) ([]byte, error) {
	r, err := fsys.GetReader(thumbKey)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if format == "jpeg" && r.ContentType() == "image/jpeg" {
		return nil, errKeepThumb
	}
	img, err := imaging.Decode(r)
	if err != nil {
		return nil, fmt.Errorf("decoding %s: %w", thumbKey, err)
	}
	var out bytes.Buffer
	switch format {
	case "webp":
		err = webp.Encode(&out, img, &webp.Options{Quality: webpQuality})
	default:
		if !opaque(img) {
			return nil, errKeepThumb
		}
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: jpegQuality})
	}
	if err != nil {
		return nil, fmt.Errorf("encoding %s as %s: %w", thumbKey, format, err)
	}
	return out.Bytes(), nil
}

func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}
