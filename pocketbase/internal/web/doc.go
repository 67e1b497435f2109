// Package web owns what the server sends that is not the API: the built PWA's files (each in the
// compressed copy the browser takes), the pages of client routes (a prerendered frame filled with
// the page's head from package heads, kept per catalogue version), and the compression of API
// answers. It must not decide what a page says (heads does) nor which requests may pass (guard
// decides, and web asks it). It builds on accept, catalog, guard and heads.
package web
