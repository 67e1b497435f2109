// Package pictures owns every picture the server makes from an upload: the WebP and JPEG
// renditions of thumbnails (made on upload and on first request), the link preview pictures
// (share.go) and the marked proofs a customer sees. Each is made once, stored beside the file's
// thumbnails and served from storage. It must not decide what a page shows (package heads names
// its pictures through SharePath and SrcsetWidths) nor touch an original upload. It builds on
// accept and catalog.
package pictures
