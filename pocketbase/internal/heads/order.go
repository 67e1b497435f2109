package heads

import (
	"crypto/sha256"
	"crypto/subtle"

	"github.com/pocketbase/pocketbase/core"
)

// An order's page (/orders/<id>?key=<order key>) is its buyer's alone: without the order's own
// key it is the 404 of every address the site does not have, whether the id is real or not.
// The key is compared as a digest in constant time, and an id with no order is compared against
// a stand-in, so neither the answer nor its time tells a real id from a made-up one.
const noOrderKey = "no-order-has-this-key-no-order-has-this-key"

// OrderKeyMatches says whether key opens the paid order id.
func OrderKeyMatches(app core.App, id, key string) bool {
	stored := ""
	if len(id) <= 40 {
		if record, err := app.FindRecordById("checkout_sessions", id); err == nil && record.GetString("status") == "paid" {
			stored = record.GetString("order_key")
		}
	}
	want := noOrderKey
	if stored != "" {
		want = stored
	}
	given, wanted := sha256.Sum256([]byte(key)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(given[:], wanted[:]) == 1 && stored != "" && key != ""
}
