package guard

import (
	"net/http"
	"strings"

	"github.com/ganigeorgiev/fexpr"
	"github.com/pocketbase/pocketbase/core"
)

// The change feed of a live list (/api/studio/changes/{collection}, pb_hooks/lib/catalog/sync.js) narrows
// what changed by the caller's own filter. The hook checks each record against it with the rules'
// evaluator, which may read any column of any table: a filter about a hidden field, another
// collection or the request would answer yes/no questions about secrets (whether a record comes
// back as an upsert or a deletion), and joins of many aliases cost seconds each. So a caller's
// filter may only compare the collection's own public fields with plain values; anything else is
// refused with one message, the same whatever the filter names, before the hook runs.
const feedPrefix = "/api/studio/changes/"

const filterRefused = "The filter may only compare this list's own fields with plain values (no @, no dots, no functions)."

// The longest filter a live list sends is well under this; PocketBase's own limit is 3,500.
const maxCallerFilter = 1000

// ... and no live list needs more than a handful of comparisons.
const maxCallerComparisons = 20

func CallerFilter(e *core.RequestEvent) error {
	name, ok := strings.CutPrefix(e.Request.URL.Path, feedPrefix)
	if !ok || name == "" || strings.Contains(name, "/") || e.HasSuperuserAuth() {
		return e.Next()
	}
	filter := e.Request.URL.Query().Get("filter")
	if filter == "" {
		return e.Next()
	}
	collection, err := e.App.FindCachedCollectionByNameOrId(name)
	if err != nil {
		// The hook answers for unknown lists.
		return e.Next()
	}
	if !publicFieldsOnly(collection, filter) {
		return e.JSON(http.StatusBadRequest, map[string]any{"status": 400, "message": filterRefused, "data": map[string]any{}})
	}
	return e.Next()
}

// publicFieldsOnly reports whether filter compares only fields of c a caller may read (not hidden,
// named plainly: no relation walk, modifier or macro) with text, numbers, true, false or null.
func publicFieldsOnly(c *core.Collection, filter string) bool {
	if len(filter) > maxCallerFilter {
		return false
	}
	groups, err := fexpr.Parse(filter)
	if err != nil {
		return false
	}
	comparisons := 0
	var walk func([]fexpr.ExprGroup) bool
	walk = func(groups []fexpr.ExprGroup) bool {
		for _, g := range groups {
			switch item := g.Item.(type) {
			case []fexpr.ExprGroup:
				if !walk(item) {
					return false
				}
			case fexpr.Expr:
				comparisons++
				if comparisons > maxCallerComparisons || !plainOperand(c, item.Left) || !plainOperand(c, item.Right) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return walk(groups)
}

func plainOperand(c *core.Collection, t fexpr.Token) bool {
	switch t.Type {
	case fexpr.TokenText, fexpr.TokenNumber:
		return true
	case fexpr.TokenIdentifier:
		switch t.Literal {
		case "true", "false", "null":
			return true
		}
		// The feed serves no auth collection, so a field of the list itself is never a secret of one.
		f := c.Fields.GetByName(t.Literal)
		return f != nil && !f.GetHidden()
	}
	return false
}
