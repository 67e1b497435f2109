package heads

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
	"studio/server/internal/pictures"
)

// The largest picture of a public page (what the browser reports as its Largest Contentful
// Paint) is known to the server but, in the app, only once React has rendered it from the
// catalogue. The page the server sends names it in a <link rel="preload">, so its download starts
// with the page's own and it is ready when the app draws it. imagesrcset and imagesizes repeat the
// <img> of the page (src/ui/Thumb.tsx, src/lib/files.ts), so the browser picks the same file.
type lcpPicture struct {
	// find: the record of a page of its own; nil for a book or a piece, whose record is the page's.
	find  func(app core.App) (*core.Record, error)
	field string
	sizes string // the sizes attribute of the page's <img>
	alt   func(record *core.Record) string
	ratio [2]int
}

func coverAlt(r *core.Record) string { return "Cover of " + r.GetString("title") }

// The sizes attribute of a piece page's picture (src/features/pieces/PiecePage.tsx).
const piecePictureSizes = "(min-width: 900px) 560px, 92vw"

func lcpPictureFor(a Address) *lcpPicture {
	switch {
	case a.Kind == Static && a.Route == "":
		// src/features/catalog/HomePage.tsx: the featured book's cover.
		return &lcpPicture{firstRecord("books", "featured = true", "id"), "image", "(min-width: 861px) 40vw, 92vw", coverAlt, [2]int{3, 4}}
	case a.Kind == Static && a.Route == "about":
		// src/features/artist/AboutPage.tsx: the artist's portrait.
		return &lcpPicture{firstRecord("artist_profile", "", "id"), "profile_image", "(min-width: 800px) 360px, 80vw", func(r *core.Record) string {
			return "Portrait of " + r.GetString("name")
		}, [2]int{4, 5}}
	case a.Kind == Static && a.Route == "gallery":
		// src/features/catalog/BooksSection.tsx: the featured book's cover, the newest book without one.
		return &lcpPicture{featuredOrNewestBook, "image", "(min-width: 800px) 320px, 90vw", coverAlt, [2]int{3, 4}}
	case a.Kind == Static && (a.Route == "pebblewick" || a.Route == "cryptids"):
		// src/features/characters/CharacterGrid.tsx: the newest current character's picture.
		world := strings.TrimSuffix(a.Route, "s") // the page of the "cryptid" characters is /cryptids
		return &lcpPicture{firstRecord("characters", "character_type = '"+world+"' && status = 'current'", "-created,id"), "image",
			"(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw", func(*core.Record) string { return "" }, [2]int{1, 1}}
	case a.Kind == Piece:
		// src/features/pieces/PiecePage.tsx: the piece's picture.
		k := a.Piece
		return &lcpPicture{nil, k.Field, piecePictureSizes, func(r *core.Record) string { return r.GetString(k.NameField) }, k.Ratio}
	case a.Kind == Download:
		// src/features/downloads/DownloadPage.tsx: the item's picture.
		return &lcpPicture{nil, "image", downloadPictureSizes, func(r *core.Record) string { return r.GetString("title") }, downloadRatio}
	case a.Kind == Book:
		// src/features/catalog/BookCarousel.tsx: the book's cover.
		return &lcpPicture{nil, "image", "(min-width: 800px) 380px, 90vw", func(r *core.Record) string {
			return fmt.Sprintf("%s, image 1 of %d", r.GetString("title"), 1+len(r.GetStringSlice("gallery_images")))
		}, [2]int{3, 4}}
	}
	return nil
}

// firstRecord: the first record as the app lists it from IndexedDB (by id).
func firstRecord(collection, filter, sort string) func(core.App) (*core.Record, error) {
	return func(app core.App) (*core.Record, error) {
		records, err := app.FindRecordsByFilter(collection, filter, sort, 1, 0)
		if err != nil || len(records) == 0 {
			return nil, err
		}
		return records[0], nil
	}
}

func featuredOrNewestBook(app core.App) (*core.Record, error) {
	if r, err := firstRecord("books", "featured = true", "-created,id")(app); r != nil || err != nil {
		return r, err
	}
	return firstRecord("books", "", "-created,id")(app)
}

// lcpMarkup is what the server adds to a prerendered page for its largest picture, record's
// pic.field: a preload for the head, and the <img> itself for the box the frame reserved for it
// (an element marked data-lcp-slot, see ThumbSkeleton in src/ui/Thumb.tsx). The <img> keeps the
// mark, so the app's first render finds it and draws the same picture over it. Both empty when the
// record has no such picture.
func lcpMarkup(pic *lcpPicture, record *core.Record) (preload string, img string) {
	file := record.GetString(pic.field)
	field, _ := record.Collection().Fields.GetByName(pic.field).(*core.FileField)
	if file == "" || field == nil {
		return "", ""
	}
	widths := pictures.SrcsetWidths(field)
	if !slices.Contains(widths, pictures.DrawnWidth) {
		return "", "" // the field does not offer the thumbnails the page's <img> names
	}
	base := fmt.Sprintf("/api/files/%s/%s/%s", record.Collection().Id, record.Id, catalog.EncodeURIComponent(file))
	candidates := make([]string, 0, len(widths))
	for _, w := range widths {
		candidates = append(candidates, fmt.Sprintf("%s?thumb=%dx0 %dw", base, w, w))
	}
	src := fmt.Sprintf("%s?thumb=%dx0", base, pictures.DrawnWidth)
	src, srcset, sizes := html.EscapeString(src), html.EscapeString(strings.Join(candidates, ", ")), html.EscapeString(pic.sizes)
	preload = fmt.Sprintf(`<link rel="preload" as="image" fetchpriority="high" href="%s" imagesrcset="%s" imagesizes="%s">`, src, srcset, sizes)
	img = fmt.Sprintf(`<img class="" src="%s" srcset="%s" sizes="%s" width="%d" height="%d" alt="%s" fetchpriority="high" data-lcp-slot="true">`,
		src, srcset, sizes, pic.ratio[0]*200, pic.ratio[1]*200, html.EscapeString(pic.alt(record)))
	return preload, img
}
