package accept

import "testing"

func TestEncodingsReadsWeights(t *testing.T) {
	got := Encodings("gzip;q=0, br ; q=0.5, Deflate")
	if got["gzip"] || !got["br"] || !got["deflate"] || got["identity"] {
		t.Fatalf("Encodings = %v", got)
	}
	if !WebP("image/avif,image/webp,*/*") || WebP("image/webp;q=0, */*") || WebP("image/png") {
		t.Fatal("WebP misread an Accept header")
	}
}
