package heads

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
)

// schema.org data of a page (JSON-LD). Paths are written from the site's root ("/gallery") and
// made absolute on the public site URL when the page is sent. Google's merchant listings want a
// name, an image and an offer with a price above 0 in a currency: a piece for sale has all four in
// the page the server sends, and a piece without a price has no Product at all.
type ld = map[string]any

const (
	printTag    = "Print - For Sale"
	originalTag = "Original - For Sale"
	soldOutTag  = "Original - Sold Out"
)

type paintingOffer struct {
	name      string
	price     float64
	available bool
}

// paintingOffers: a print and the original, each when it has a price, as src/lib/catalog.ts
// (paintingPrice) shows them. An original sold through the shop keeps its price and says SoldOut.
func paintingOffers(p *core.Record) []paintingOffer {
	tags := p.GetStringSlice("tags")
	prices := map[string]float64{}
	_ = p.UnmarshalJSONField("tag_prices", &prices)
	var offers []paintingOffer
	if slices.Contains(tags, printTag) && prices[printTag] > 0 {
		offers = append(offers, paintingOffer{"Print", prices[printTag], true})
	}
	switch {
	case slices.Contains(tags, soldOutTag) && prices[soldOutTag] > 0:
		// Sold through the shop, which keeps the price it sold at (pb_hooks/lib/orders/fulfilment.js).
		offers = append(offers, paintingOffer{"Original", prices[soldOutTag], false})
	case slices.Contains(tags, originalTag) && !slices.Contains(tags, soldOutTag) && prices[originalTag] > 0:
		offers = append(offers, paintingOffer{"Original", prices[originalTag], true})
	}
	return offers
}

func offer(name string, price float64, inStock bool, path string) ld {
	availability := "https://schema.org/InStock"
	if !inStock {
		availability = "https://schema.org/SoldOut"
	}
	o := ld{"@type": "Offer", "price": fmt.Sprintf("%.2f", price), "priceCurrency": "USD",
		"availability": availability, "itemCondition": "https://schema.org/NewCondition", "url": path}
	if name != "" {
		o["name"] = name
	}
	return o
}

func product(record *core.Record, m pageMeta, offers []ld) ld {
	p := ld{"@type": "Product", "name": record.GetString("title"), "description": m.description, "sku": record.Id,
		"url": m.path, "brand": ld{"@type": "Brand", "name": studioName}, "offers": offers}
	if m.image != nil {
		p["image"] = m.image.path
	}
	return p
}

func breadcrumbs(items ...[2]string) ld {
	list := make([]ld, 0, len(items))
	for i, item := range items {
		list = append(list, ld{"@type": "ListItem", "position": i + 1, "name": item[0], "item": item[1]})
	}
	return ld{"@type": "BreadcrumbList", "itemListElement": list}
}

func artist(app core.App) ld {
	person := ld{"@type": "Person", "url": "/about"}
	if profiles, err := app.FindRecordsByFilter("artist_profile", "", "id", 1, 0); err == nil && len(profiles) == 1 {
		person["name"] = profiles[0].GetString("name")
	}
	return person
}

func staticLD(app core.App, route string, m pageMeta) []ld {
	switch route {
	case "":
		return []ld{
			{"@type": "Organization", "name": studioName, "url": "/", "logo": "/icons/icon-512.png"},
			{"@type": "WebSite", "name": studioName, "url": "/"},
		}
	case "about":
		person := artist(app)
		person["description"] = m.description
		if profiles, err := app.FindRecordsByFilter("artist_profile", "", "id", 1, 0); err == nil && len(profiles) == 1 {
			person["description"] = summary(profiles[0].GetString("bio"))
		}
		if m.image != nil {
			person["image"] = m.image.path
		}
		person["worksFor"] = ld{"@type": "Organization", "name": studioName, "url": "/"}
		return []ld{person, breadcrumbs([2]string{"Home", "/"}, [2]string{"About the Artist", "/about"})}
	}
	title, _, _ := strings.Cut(m.title, " · ")
	return []ld{breadcrumbs([2]string{"Home", "/"}, [2]string{title, m.path})}
}

func bookLD(book *core.Record, m pageMeta) []ld {
	b := ld{"@type": "Book", "name": book.GetString("title"), "description": m.description, "url": m.path,
		"publisher": ld{"@type": "Organization", "name": studioName}}
	if m.image != nil {
		b["image"] = m.image.path
	}
	out := []ld{b}
	if m.price > 0 {
		out = append(out, product(book, m, []ld{offer("", m.price, true, m.path)}))
	}
	return append(out, breadcrumbs([2]string{"Home", "/"}, [2]string{"Gallery & Shop", "/gallery"}, [2]string{book.GetString("title"), m.path}))
}

func pieceLD(app core.App, k *catalog.PieceKind, record *core.Record, m pageMeta) []ld {
	name := record.GetString(k.NameField)
	listName := map[string]string{"gallery": "Gallery & Shop", "murals": "Gallery & Shop", "shop": "Gallery & Shop",
		"pebblewick": "Pebblewick", "cryptids": "Hidden Cryptids Alliance"}[k.List]
	listPath := "/" + k.List
	if listName == "Gallery & Shop" {
		listPath = "/gallery"
	}
	var out []ld
	switch k.Collection {
	case "paintings", "murals":
		form := map[string]string{"paintings": "Watercolor painting", "murals": "Mural"}[k.Collection]
		art := ld{"@type": "VisualArtwork", "name": name, "description": m.description, "url": m.path,
			"artform": form, "artMedium": "Watercolor", "creator": artist(app)}
		if m.image != nil {
			art["image"] = m.image.path
		}
		out = append(out, art)
		var offers []ld
		for _, o := range paintingOffers(record) {
			offers = append(offers, offer(o.name, o.price, o.available, m.path))
		}
		if k.Collection == "paintings" && len(offers) > 0 {
			out = append(out, product(record, m, offers))
		}
	case "merchandise":
		if price := record.GetFloat("price"); price > 0 {
			var count *float64 // null: not tracked (docs/decisions/003-empty-numbers.md)
			_ = record.UnmarshalJSONField("inventory_count", &count)
			inStock := record.GetBool("in_stock") && (count == nil || *count > 0)
			out = append(out, product(record, m, []ld{offer("", price, inStock, m.path)}))
		}
	}
	return append(out, breadcrumbs([2]string{"Home", "/"}, [2]string{listName, listPath}, [2]string{name, m.path}))
}

var absoluteKeys = map[string]bool{"url": true, "image": true, "logo": true, "item": true}

// withAbsoluteURLs: the data with every root-relative address under a URL key made absolute.
func withAbsoluteURLs(site string, v any) any {
	switch t := v.(type) {
	case ld:
		for k, child := range t {
			if s, ok := child.(string); ok && absoluteKeys[k] && strings.HasPrefix(s, "/") {
				t[k] = site + s
			} else {
				t[k] = withAbsoluteURLs(site, child)
			}
		}
	case []ld:
		for _, child := range t {
			withAbsoluteURLs(site, child)
		}
	}
	return v
}
