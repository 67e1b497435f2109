// Package accept reads what a client says it takes (Accept, Accept-Encoding), so files, pages and
// pictures choose their answer by one reading. It imports nothing of the server's.
package accept

import (
	"strconv"
	"strings"
)

// Encodings reads an Accept-Encoding header: the codings it names without q=0.
func Encodings(header string) map[string]bool {
	out := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		out[coding] = QValue(params) > 0
	}
	return out
}

// QValue reads the q= weight of one Accept-style entry's parameters (1 when absent).
func QValue(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				return f
			}
			return 0
		}
	}
	return 1
}

// WebP: browsers that decode WebP say so in the Accept header of image requests.
func WebP(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		mediaType, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(mediaType), "image/webp") {
			return QValue(params) > 0
		}
	}
	return false
}
