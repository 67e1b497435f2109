// Package guard owns what stands between a request and the handlers: the browser protections and
// cache rules every answer carries (headers.go, cacherules.go), the access log, the limits per
// client that the server applies itself (limits.go), and the check of a caller's filter on the
// change feed. It decides whether and how a request goes on; it must not build an answer of the
// shop's own (a page, a list, a picture) nor keep any. It imports nothing of the server's.
package guard
