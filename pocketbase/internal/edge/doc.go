// Package edge owns what a shared cache in front of the server (Varnish, Cloudflare, Bunny) may
// keep, and telling it what to forget. It says which answers are the same for every visitor
// (Share: Cache-Control with s-maxage, and tags naming what an answer shows) and which are
// nobody's to keep (Private), and purges the tags of what a catalogue write changed
// (docs/decisions/027-the-viral-day-cache-in-front.md). It must not decide what an answer says.
// It builds on env (which caches to purge), catalog (what changed) and guard (who is asking).
package edge
