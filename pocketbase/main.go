// Command studio is the studio storefront's one server: PocketBase with the
// project's JS migrations and hooks, serving the built PWA beside the API.
package main

import (
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
)

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "restore" {
		os.Exit(runRestore(os.Args[2:]))
	}
	// PocketBase guesses development mode (SQL printed to the log) from a binary run under the
	// temp dir; a release started from anywhere stays quiet unless STUDIO_DEV says otherwise.
	app := pocketbase.NewWithConfig(pocketbase.Config{DefaultDev: env("STUDIO_DEV", "") != ""})

	root := projectRoot()
	jsvm.MustRegister(app, jsvm.Config{
		HooksDir:      filepath.Join(root, "pb_hooks"),
		MigrationsDir: filepath.Join(root, "pb_migrations"),
		// Hooks are reloaded by restarting the server; watching is for development only.
		HooksWatch: env("STUDIO_DEV", "") != "",
	})

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := applyEnvSettings(se.App); err != nil {
			return err
		}
		web := webFS(root)
		se.Router.BindFunc(accessLog)
		se.Router.BindFunc(securityHeaders(web))
		se.Router.BindFunc(apiNoStore)
		se.Router.GET("/{path...}", spaHandler(web))
		return se.Next()
	})
	registerMailQueue(app)
	registerCacheRules(app)

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// spaHandler serves the built PWA and falls back to index.html for client-side
// routes, so a deep link like /book/abc survives a reload. API and admin-UI paths
// are registered by PocketBase itself and never reach this handler; the guard
// below keeps a mistyped /api/ path a JSON 404 instead of the app shell.
func spaHandler(web fs.FS) func(*core.RequestEvent) error {
	static := apis.Static(web, false)
	return func(e *core.RequestEvent) error {
		p := e.Request.URL.Path
		if strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/_/") {
			return e.NotFoundError("", nil)
		}
		name := strings.TrimPrefix(p, "/")
		if name != "" {
			if info, err := fs.Stat(web, name); err == nil && !info.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					e.Response.Header().Set("Cache-Control", "no-cache")
				}
				return static(e)
			}
		}
		e.Response.Header().Set("Cache-Control", "no-cache")
		return e.FileFS(web, "index.html")
	}
}
