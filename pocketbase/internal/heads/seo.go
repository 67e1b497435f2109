package heads

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
	"studio/server/internal/editions"
	"studio/server/internal/pictures"
)

// What a page says about itself to a reader that runs no script: a link preview (Open Graph,
// Twitter cards), a search engine (title, description, canonical, schema.org) and the status a
// crawler believes. The server writes it into every page it sends, from the database; the app
// keeps document.title in step (src/lib/titles.ts makes the same titles).
const studioName = "Lanternwood Studio"

type pageMeta struct {
	status      int
	title       string
	description string
	path        string // the canonical path
	noindex     bool
	ogType      string
	image       *sharePicture
	price       float64 // > 0 for a thing for sale
	jsonLD      []map[string]any
}

type sharePicture struct {
	path, alt string
}

var staticPages = map[string]pageMeta{
	"": {title: studioName + " · Watercolor Fairy Tale Art",
		description: "Watercolor fairy-tale art: original paintings, prints, picture books, murals and commissions from a seaside studio."},
	"gallery": {title: "Gallery & Shop · " + studioName,
		description: "Original watercolor paintings, prints, picture books, murals and merchandise from Lanternwood Studio."},
	"about": {title: "About the Artist · " + studioName,
		description: "Meet the watercolor artist behind Lanternwood Studio's fairy-tale paintings, books and murals."},
	"pebblewick": {title: "Pebblewick · " + studioName,
		description: "A seaside village of small magical neighbors: meet the characters of Pebblewick."},
	"cryptids": {title: "Hidden Cryptids Alliance · " + studioName,
		description: "The gentle creatures who watch the woods at night: meet the Hidden Cryptids Alliance."},
	"commissions": {title: "Commissions · " + studioName,
		description: "Commission a watercolor of your own: portraits, pets, book illustration and murals by Lanternwood Studio."},
	queueRoute: {title: "Commission queue · " + studioName,
		description: "The commissions in Lanternwood Studio's hands: each one's place, type, stage and how long it has waited."},
}

// The app's own pages that are nobody's to find: they answer 200 and ask not to be indexed.
var privatePages = map[string]string{
	"customer/dashboard": "Your account", "stripe-example": "Payment", "checkout/success": "Thank you",
	"checkout/canceled": "Payment canceled", "reset-password": "Reset password",
	"confirm-verification": "Confirm your email", "confirm-email-change": "Confirm your new email",
	"admin/login": "Admin Login",
}

var notFoundMeta = pageMeta{status: http.StatusNotFound, title: "Page not found · " + studioName,
	description: "This path wandered off into the fog.", noindex: true}

// Page is an address resolved against the catalogue: its status, the address it moved to, and
// what its head and its largest picture say.
type Page struct {
	Address  Address
	Status   int
	Redirect string // a piece's current address, when asked by an old one
	meta     pageMeta
	lcp      *lcpPicture
	picture  *core.Record // the record whose picture is the page's largest, nil when none
	body     string       // markup the page's reserved box is filled with (board.go)
	until    time.Time    // when the body changes by itself; zero for never
}

// Resolve finds what the catalogue holds for the address (one look-up for a book or a piece) and
// describes the page: a made-up address is the 404's, an old piece address a redirect.
func Resolve(app core.App, a Address) Page {
	if !a.find(app) || (a.Route == queueRoute && !QueuePublic(app)) {
		a.Kind = Unknown
	}
	p := Page{Address: a, lcp: lcpPictureFor(a)}
	switch a.Kind {
	case Static:
		m := staticPages[a.Route]
		m.status, m.path, m.ogType = http.StatusOK, "/"+a.Route, "website"
		if p.lcp != nil {
			if r, err := p.lcp.find(app); err == nil && r != nil {
				p.picture = r
				m.image = shareOf(r, p.lcp.field, p.lcp.alt(r))
			}
		}
		if m.image == nil {
			m.image = studioPicture(app)
		}
		m.jsonLD = staticLD(app, a.Route, m)
		p.meta = m
		if a.Route == "commissions" || a.Route == queueRoute {
			p.body, p.until = boardBody(app, a.Route)
		}
	case Private:
		p.meta = pageMeta{status: http.StatusOK, title: privatePages[a.Route] + " · " + studioName, noindex: true}
	case Admin:
		p.meta = pageMeta{status: http.StatusOK, title: "Admin Dashboard · " + studioName, noindex: true}
	case Order:
		p.meta = pageMeta{status: http.StatusOK, title: "Your order · " + studioName, noindex: true}
	case Verify:
		v := editions.Verify(app, a.ID, a.Words)
		if !v.Found {
			p.Address.Kind, p.meta = Unknown, notFoundMeta
			break
		}
		p.meta = pageMeta{status: v.Status, title: v.Title + " · " + studioName, path: "/" + a.Route, noindex: true,
			description: "The public ledger of a numbered edition: whether this number was issued, and when."}
		p.body, p.until = v.Body, time.Now().Add(editions.CheckedFor)
	case Book:
		p.meta, p.picture = bookMeta(a.Record), a.Record
	case Download:
		p.meta, p.picture = downloadMeta(a.Record), a.Record
		p.body = downloadBody(a.Record)
	case Piece:
		if canonical := catalog.PieceAddress(a.Piece, a.Record); "/"+a.Route != canonical {
			p.Status, p.Redirect = http.StatusMovedPermanently, canonical
			return p
		}
		p.meta, p.picture = pieceMeta(app, a.Piece, a.Record), a.Record
	default:
		p.meta = notFoundMeta
	}
	p.Status = p.meta.status
	return p
}

// NotFound is the page of every address the site does not have.
func NotFound() Page {
	return Page{Status: http.StatusNotFound, meta: notFoundMeta}
}

// Head is the page's own <head> lines for the site at the public URL site.
func (p *Page) Head(site string) string { return headTags(site, p.meta) }

// Body is the markup for the page's reserved box ("" for none) and the time it changes by
// itself, zero when it does not.
func (p *Page) Body() (string, time.Time) { return p.body, p.until }

// LCP is what the page adds for its largest picture (see preload.go): both empty when it has none.
func (p *Page) LCP() (preload, img string) {
	if p.lcp == nil || p.picture == nil {
		return "", ""
	}
	return lcpMarkup(p.lcp, p.picture)
}

// studioPicture: a page with no picture of its own is shown by the studio's newest featured
// painting (or its newest painting).
func studioPicture(app core.App) *sharePicture {
	for _, filter := range []string{"featured = true && image != ''", "image != ''"} {
		if r, err := firstRecord("paintings", filter, "-created,id")(app); err == nil && r != nil {
			return shareOf(r, "image", r.GetString("title"))
		}
	}
	return nil
}

func bookMeta(book *core.Record) pageMeta {
	m := pageMeta{status: http.StatusOK, title: book.GetString("title") + " · Picture book · " + studioName,
		description: summary(book.GetString("description")), path: "/book/" + book.Id, ogType: "book",
		image: shareOf(book, "image", "Cover of "+book.GetString("title"))}
	if book.GetBool("website_cart_available") {
		m.price = book.GetFloat("price")
	}
	if m.price > 0 {
		m.ogType = "product"
	}
	m.jsonLD = bookLD(book, m)
	return m
}

func pieceMeta(app core.App, k *catalog.PieceKind, record *core.Record) pageMeta {
	name := record.GetString(k.NameField)
	m := pageMeta{status: http.StatusOK, title: name + " · " + k.Label + " · " + studioName,
		description: summary(firstNonEmpty(record.GetString("description"), record.GetString("bio"))),
		path:        catalog.PieceAddress(k, record), ogType: "article", image: shareOf(record, k.Field, name)}
	m.price = piecePrice(k, record)
	if m.price > 0 {
		m.ogType = "product"
	}
	m.jsonLD = pieceLD(app, k, record, m)
	return m
}

// piecePrice: what the page's first price is, 0 for a piece not for sale.
func piecePrice(k *catalog.PieceKind, record *core.Record) float64 {
	switch k.Collection {
	case "merchandise":
		return record.GetFloat("price")
	case "paintings":
		for _, offer := range paintingOffers(record) {
			if offer.available {
				return offer.price
			}
		}
	}
	return 0
}

func shareOf(record *core.Record, field, alt string) *sharePicture {
	file := record.GetString(field)
	if file == "" {
		return nil
	}
	return &sharePicture{path: pictures.SharePath(record, file), alt: alt}
}

// summary: a description of at most 160 characters, cut at a word.
func summary(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	runes := []rune(text)
	if len(runes) <= 160 {
		return text
	}
	cut := string(runes[:159])
	if i := strings.LastIndexByte(cut, ' '); i > 80 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// headTags: the <head> lines of a page's description. Every value is escaped: a title is the
// studio's text, but text is all it may ever be.
func headTags(site string, m pageMeta) string {
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, "<title>%s</title>\n", e(m.title))
	if m.description != "" {
		fmt.Fprintf(&b, `<meta name="description" content="%s">`+"\n", e(m.description))
	}
	if m.noindex {
		b.WriteString(`<meta name="robots" content="noindex">` + "\n")
		return b.String()
	}
	url := site + m.path
	fmt.Fprintf(&b, `<link rel="canonical" href="%s">`+"\n", e(url))
	tag := func(attr, key, value string) {
		fmt.Fprintf(&b, `<meta %s="%s" content="%s">`+"\n", attr, key, e(value))
	}
	tag("property", "og:site_name", studioName)
	tag("property", "og:title", m.title)
	tag("property", "og:description", m.description)
	tag("property", "og:url", url)
	tag("property", "og:type", m.ogType)
	if m.image != nil {
		tag("property", "og:image", site+m.image.path)
		tag("property", "og:image:type", "image/jpeg")
		tag("property", "og:image:width", fmt.Sprint(pictures.ShareWidth))
		tag("property", "og:image:height", fmt.Sprint(pictures.ShareHeight))
		tag("property", "og:image:alt", m.image.alt)
		tag("name", "twitter:card", "summary_large_image")
	} else {
		tag("name", "twitter:card", "summary")
	}
	if m.price > 0 {
		tag("property", "product:price:amount", fmt.Sprintf("%.2f", m.price))
		tag("property", "product:price:currency", "USD")
	}
	for _, ld := range m.jsonLD {
		ld["@context"] = "https://schema.org"
		body, _ := json.Marshal(withAbsoluteURLs(site, ld))
		// json.Marshal escapes <, > and & as \u003c…, so no "</script>" can end the block early.
		fmt.Fprintf(&b, `<script type="application/ld+json">%s</script>`+"\n", body)
	}
	return b.String()
}
