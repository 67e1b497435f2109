package downloads

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/pocketbase/pocketbase/core"
)

// License is the line a stamped copy carries on every page and in its metadata.
func License(name, email, orderID string) string {
	short := orderID
	if len(short) > 8 {
		short = short[:8]
	}
	who := strings.TrimSpace(name)
	if who == "" {
		who = email
	}
	return fmt.Sprintf("Licensed to %s · %s · order %s", who, email, strings.ToUpper(short))
}

// Stamp writes pdf with the license as a small footer on every page and in the document's
// properties. pdfcpu holds the document in memory while it works: a stamped file is a book, not
// an archive (the bound: 40 pages, 20 MB).
func Stamp(pdf []byte, license string) ([]byte, error) {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Cmd = model.ADDWATERMARKS
	conf.OptimizeDuplicateContentStreams = false
	ctx, err := api.ReadValidateAndOptimize(bytes.NewReader(pdf), conf)
	if err != nil {
		return nil, err
	}
	// Bottom centre, 7 pt grey, the same size on every page whatever its own size.
	wm, err := api.TextWatermark(escapeStampText(license), "font:Helvetica, points:7, scale:1 abs, pos:bc, offset:0 10, rot:0, fillcolor:#5a5a5a, opacity:0.9", true, false, types.POINTS)
	if err != nil {
		return nil, err
	}
	if err := pdfcpu.AddWatermarks(ctx, nil, wm); err != nil {
		return nil, err
	}
	if err := pdfcpu.PropertiesAdd(ctx, map[string]string{"License": license}); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := api.Write(ctx, &out, conf); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// escapeStampText keeps a buyer's name from being read as the stamp's own markup (pdfcpu expands
// %p and %P to page numbers, and a backslash starts an escape).
func escapeStampText(s string) string {
	s = strings.ReplaceAll(s, `\`, `/`)
	return strings.ReplaceAll(s, "%", "%%")
}

// stampLocks makes a grant's copy once when its first downloads race.
var stampLocks sync.Map

// stampedKey gives the storage key of the grant's stamped copy, making and keeping it on first use.
func stampedKey(app core.App, grant *core.Record, file *core.Record) (string, error) {
	if key := grant.GetString("stamped_key"); key != "" {
		return key, nil
	}
	lock, _ := stampLocks.LoadOrStore(grant.Id, &sync.Mutex{})
	lock.(*sync.Mutex).Lock()
	defer lock.(*sync.Mutex).Unlock()
	fresh, err := app.FindRecordById("download_grants", grant.Id)
	if err != nil {
		return "", err
	}
	if key := fresh.GetString("stamped_key"); key != "" {
		return key, nil
	}
	fs, err := app.NewFilesystem()
	if err != nil {
		return "", err
	}
	defer fs.Close()
	original, err := fs.GetReader(file.BaseFilesPath() + "/" + file.GetString("file"))
	if err != nil {
		return "", err
	}
	var src bytes.Buffer
	_, err = src.ReadFrom(original)
	original.Close()
	if err != nil {
		return "", err
	}
	stamped, err := Stamp(src.Bytes(), License(fresh.GetString("name"), fresh.GetString("email"), fresh.GetString("order")))
	if err != nil {
		return "", fmt.Errorf("stamping %s for grant %s: %w", file.Id, grant.Id, err)
	}
	// Beside no record's files: PocketBase's own file route can never name it.
	key := "downloads/stamped/" + grant.Id + ".pdf"
	if err := fs.Upload(stamped, key); err != nil {
		return "", err
	}
	fresh.Set("stamped_key", key)
	if err := app.SaveNoValidate(fresh); err != nil {
		return "", err
	}
	grant.Set("stamped_key", key)
	return key, nil
}
