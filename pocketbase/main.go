// Command studio is the studio storefront's one server: PocketBase with the
// project's JS migrations and hooks, serving the built PWA beside the API.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/pocketbase/pocketbase"
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
	app := pocketbase.New()

	root := env("STUDIO_ROOT", ".")
	jsvm.MustRegister(app, jsvm.Config{
		HooksDir:      filepath.Join(root, "pb_hooks"),
		MigrationsDir: filepath.Join(root, "pb_migrations"),
		// Hooks are reloaded by restarting the server; watching is for development only.
		HooksWatch: env("STUDIO_DEV", "") != "",
	})

	registerRenditions(app)

	webDir := env("STUDIO_WEB_DIR", filepath.Join(root, "dist"))
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(apiGzip())
		se.Router.GET("/{path...}", webHandler(os.DirFS(webDir)))
		return se.Next()
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
