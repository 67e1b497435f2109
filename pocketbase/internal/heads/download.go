package heads

import (
	"fmt"
	"html"
	"net/http"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A digital item's own page, /downloads/<slug>, says in the HTML the server sends what it is, its
// price and what its files are: their type, pages and size from the item's public `files`
// summary (kept by pb_hooks/lib/catalog/download-files.js), never the files themselves, whose
// records and names are the studio's alone. An item taken off sale is the 404's.

// The picture as src/features/downloads/DownloadPage.tsx draws it.
const downloadPictureSizes = "(min-width: 800px) 420px, 92vw"

var downloadRatio = [2]int{5, 7}

// What each kind of item is, as KIND in src/features/downloads/kinds.ts says it.
var downloadKinds = map[string]string{
	"colouring page": "Colouring page to print",
	"printable":      "Printable",
	"e-book":         "E-book (PDF), with your name in it",
}

var worldPages = map[string][2]string{"pebblewick": {"/pebblewick", "Pebblewick"}, "cryptid": {"/cryptids", "Hidden Cryptids Alliance"}}

// DownloadPath: the address a digital item is shared by.
func DownloadPath(item *core.Record) string { return "/downloads/" + item.GetString("slug") }

func findDownload(app core.App, slug string) (*core.Record, error) {
	return app.FindFirstRecordByFilter("digital_items", "slug = {:slug} && available = true", dbx.Params{"slug": slug})
}

func downloadMeta(item *core.Record) pageMeta {
	title := item.GetString("title")
	m := pageMeta{status: http.StatusOK, title: title + " · Download · " + studioName,
		description: summary(firstNonEmpty(item.GetString("description"), downloadKinds[item.GetString("kind")])),
		path:        DownloadPath(item), ogType: "product", image: shareOf(item, "image", title), price: item.GetFloat("price")}
	m.jsonLD = []ld{product(item, m, []ld{offer("", m.price, true, m.path)})}
	return m
}

// downloadFile is one entry of an item's public summary of its files.
type downloadFile struct {
	Type  string `json:"type"`
	Pages int    `json:"pages"`
	Bytes int64  `json:"bytes"`
}

// describe: "PDF · 12 pages · 3.4 MB", as describeFile in src/features/downloads/kinds.ts (fileSize in src/lib/files.ts).
func (f downloadFile) describe() string {
	parts := []string{f.Type}
	if f.Pages == 1 {
		parts = append(parts, "1 page")
	} else if f.Pages > 1 {
		parts = append(parts, fmt.Sprintf("%d pages", f.Pages))
	}
	if f.Bytes >= 1<<20 {
		parts = append(parts, fmt.Sprintf("%.1f MB", float64(f.Bytes)/(1<<20)))
	} else if f.Bytes > 0 {
		parts = append(parts, fmt.Sprintf("%d KB", max(1, (f.Bytes+512)/1024)))
	}
	return strings.Join(parts, " · ")
}

// downloadBody is the page's markup, the same words the app draws (DownloadPage.tsx) but its
// Add to Cart, which needs the app.
func downloadBody(item *core.Record) string {
	e := html.EscapeString
	var b strings.Builder
	_, img := lcpMarkup(lcpPictureFor(Address{Kind: Download}), item)
	b.WriteString(img)
	fmt.Fprintf(&b, "<div><h1>%s</h1><p>%s</p><p class=\"price\">%s</p>", e(item.GetString("title")), e(downloadKinds[item.GetString("kind")]), usd(item.GetFloat("price")))
	for _, p := range strings.Split(item.GetString("description"), "\n") {
		if p = strings.TrimSpace(p); p != "" {
			fmt.Fprintf(&b, "<p>%s</p>", e(p))
		}
	}
	var files []downloadFile
	_ = item.UnmarshalJSONField("files", &files)
	if len(files) > 0 {
		b.WriteString("<h2>What you get</h2><ul>")
		for _, f := range files {
			fmt.Fprintf(&b, "<li>%s</li>", e(f.describe()))
		}
		b.WriteString("</ul>")
	}
	if w, ok := worldPages[item.GetString("world")]; ok {
		fmt.Fprintf(&b, "<p>From the world of <a href=\"%s\">%s</a></p>", w[0], e(w[1]))
	}
	b.WriteString("<p>Delivered as files on your order's page as soon as you have paid: nothing to ship, no address needed.</p></div>")
	return b.String()
}

// usd: "$1,234.50", as formatPrice in src/lib/money.ts.
func usd(amount float64) string {
	cents := int64(amount*100 + 0.5)
	whole := fmt.Sprint(cents / 100)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	return fmt.Sprintf("$%s.%02d", whole, cents%100)
}
