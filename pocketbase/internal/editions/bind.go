package editions

import (
	"errors"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// Bind gives the hooks $editions: the ledger's digest, so a row is written with the one function
// that checks it, and a number's certificate. A certificate of a number never sold is refused
// with a message the hooks pass on.
func Bind(vm *goja.Runtime) {
	vm.Set("$editions", map[string]any{
		"digest": Digest,
		"certificate": func(app core.App, edition string, n int, site, studio string) ([]byte, error) {
			pdf, err := Certificate(app, edition, n, site, studio)
			if errors.Is(err, ErrNotIssued) {
				return nil, errors.New("not issued")
			}
			return pdf, err
		},
	})
}
