// Package heads owns what a page says about itself to a reader that runs no script: its status,
// title, description, canonical address, Open Graph and JSON-LD, the preload of its largest
// picture, and the site's sitemap and robots.txt. A request's path is read once (Parse) and
// resolved once against the catalogue (Resolve); everything else takes that Page. It must not
// read files, keep pages or write an answer of a page: package web puts its lines into the built
// frames and sends them. It builds on catalog and pictures.
package heads
