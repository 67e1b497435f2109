// Package access owns what the server and the JS hooks both need to know of a caller: which of
// many records it may see, by PocketBase's own rule resolver, in one query with a deadline, and
// which network it is counted by. It answers for the hooks; it must not decide what a route
// sends, nor count or cache.
// It imports nothing of the server's.
package access

import (
	"context"
	"errors"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/search"
)

// A live list's change feed (pb_hooks/lib/catalog/sync.js) must tell which of up to 500 changed records a
// caller may see. PocketBase's CanAccessRecord answers for one record with one query, so a caller
// who owns nothing made the server run a query for every record anyone changed. The hooks get
// this instead ($access.recordsAmong): the records among ids that pass a rule for this caller, read in one query, with
// PocketBase's own rule resolver (hidden fields, relations and @request.auth as the API applies them).
func Bind(vm *goja.Runtime) {
	vm.Set("$access", map[string]any{"recordsAmong": recordsAmong, "networkOf": Network})
}

// A caller's filter shapes the query, so it gets the same bound as every other query a caller shapes.
const feedQueryTimeout = time.Second

// The hooks tell this apart from a filter that is not valid by its text.
var errFeedTooSlow = errors.New("feed query timed out")

func recordsAmong(app core.App, collection *core.Collection, info *core.RequestInfo, rule string, ids []string) ([]*core.Record, error) {
	records := []*core.Record{}
	if len(ids) == 0 {
		return records, nil
	}
	values := make([]any, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	ctx, cancel := context.WithTimeout(context.Background(), feedQueryTimeout)
	defer cancel()
	query := app.RecordQuery(collection).WithContext(ctx).AndWhere(dbx.In(collection.Name+".id", values...))
	if rule != "" {
		resolver := core.NewRecordFieldResolver(app, collection, info, true)
		expr, err := search.FilterData(rule).BuildExpr(resolver)
		if err != nil {
			return nil, err
		}
		if err := resolver.UpdateQuery(query); err != nil {
			return nil, err
		}
		query.AndWhere(expr)
	}
	if err := query.All(&records); err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, errFeedTooSlow
		}
		return nil, err
	}
	return records, nil
}
