package heads

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"studio/server/internal/catalog"
	"studio/server/internal/edge"
)

// /sitemap.xml lists every public page and piece on the public site URL, each piece with the time
// its record last changed; past sitemapLimit addresses (the protocol's ceiling) it becomes an index
// of /sitemaps/<n>.xml. /robots.txt lets crawlers into the shop, keeps them out of the studio app,
// the API, PocketBase's dashboard and people's own pages, and names the sitemap.
var sitemapLimit = 50000

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// SiteURL is the public site's address without a trailing slash.
func SiteURL(app core.App) string {
	return strings.TrimRight(app.Settings().Meta.AppURL, "/")
}

// RegisterSitemap serves /robots.txt, /sitemap.xml and its parts.
func RegisterSitemap(se *core.ServeEvent) {
	se.Router.GET("/robots.txt", func(e *core.RequestEvent) error {
		edge.Share(e.Response.Header(), e.Request, time.Time{})
		return e.String(http.StatusOK, strings.Join([]string{
			"User-agent: *",
			"Allow: /",
			"Disallow: /admin",
			"Disallow: /api/",
			"Disallow: /_/",
			"Disallow: /customer/",
			"Disallow: /checkout/",
			"Disallow: /orders/",
			"Disallow: /stripe-example",
			"",
			"Sitemap: " + SiteURL(e.App) + "/sitemap.xml",
			"",
		}, "\n"))
	})
	se.Router.GET("/sitemap.xml", func(e *core.RequestEvent) error {
		urls, err := sitemapURLs(e.App)
		if err != nil {
			return err
		}
		if len(urls) <= sitemapLimit {
			return writeURLSet(e, urls)
		}
		type sitemap struct {
			Loc string `xml:"loc"`
		}
		index := struct {
			XMLName  xml.Name  `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
			Sitemaps []sitemap `xml:"sitemap"`
		}{}
		for part := 1; (part-1)*sitemapLimit < len(urls); part++ {
			index.Sitemaps = append(index.Sitemaps, sitemap{fmt.Sprintf("%s/sitemaps/%d.xml", SiteURL(e.App), part)})
		}
		return writeXML(e, index)
	})
	se.Router.GET("/sitemaps/{file}", func(e *core.RequestEvent) error {
		part, err := strconv.Atoi(strings.TrimSuffix(e.Request.PathValue("file"), ".xml"))
		urls, listErr := sitemapURLs(e.App)
		if listErr != nil {
			return listErr
		}
		if err != nil || part < 1 || (part-1)*sitemapLimit >= len(urls) || len(urls) <= sitemapLimit {
			return e.NotFoundError("", nil)
		}
		return writeURLSet(e, urls[(part-1)*sitemapLimit:min(len(urls), part*sitemapLimit)])
	})
}

func writeURLSet(e *core.RequestEvent, urls []sitemapURL) error {
	return writeXML(e, struct {
		XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []sitemapURL `xml:"url"`
	}{URLs: urls})
}

func writeXML(e *core.RequestEvent, v any) error {
	body, err := xml.Marshal(v)
	if err != nil {
		return err
	}
	edge.Share(e.Response.Header(), e.Request, time.Time{}, edge.TagLists)
	return e.Blob(http.StatusOK, "application/xml; charset=utf-8", append([]byte(xml.Header), body...))
}

func sitemapURLs(app core.App) ([]sitemapURL, error) {
	site := SiteURL(app)
	var urls []sitemapURL
	for _, route := range []string{"", "gallery", "about", "pebblewick", "cryptids", "commissions"} {
		urls = append(urls, sitemapURL{Loc: site + "/" + route})
	}
	if QueuePublic(app) {
		urls = append(urls, sitemapURL{Loc: site + "/" + queueRoute})
	}
	lastMod := func(r *core.Record) string {
		return r.GetDateTime("updated").Time().UTC().Format("2006-01-02T15:04:05Z")
	}
	books, err := app.FindAllRecords("books")
	if err != nil {
		return nil, err
	}
	for _, b := range books {
		urls = append(urls, sitemapURL{site + "/book/" + b.Id, lastMod(b)})
	}
	items, err := app.FindAllRecords("digital_items", dbx.HashExp{"available": true})
	if err != nil {
		return nil, err
	}
	for _, d := range items {
		urls = append(urls, sitemapURL{site + DownloadPath(d), lastMod(d)})
	}
	for i := range catalog.PieceKinds {
		k := &catalog.PieceKinds[i]
		var where []dbx.Expression
		if k.Collection == "characters" {
			where = append(where, dbx.HashExp{"character_type": k.CharacterType()})
		}
		records, err := app.FindAllRecords(k.Collection, where...)
		if err != nil {
			return nil, err
		}
		for _, r := range records {
			urls = append(urls, sitemapURL{site + catalog.PieceAddress(k, r), lastMod(r)})
		}
	}
	return urls, nil
}
