// Command studio is the studio storefront's one server: PocketBase with the
// project's JS migrations and hooks, serving the built PWA beside the API. main reads the
// settings and wires the packages of internal/, one per concern (docs/decisions/019).
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/cmd"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/spf13/cobra"

	"studio/server/internal/access"
	"studio/server/internal/cache"
	"studio/server/internal/catalog"
	"studio/server/internal/downloads"
	"studio/server/internal/edge"
	"studio/server/internal/editions"
	studioenv "studio/server/internal/env"
	"studio/server/internal/guard"
	"studio/server/internal/heads"
	"studio/server/internal/mail"
	"studio/server/internal/pictures"
	"studio/server/internal/replication"
	"studio/server/internal/web"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "restore" {
		os.Exit(replication.RunRestore(os.Args[2:]))
	}
	// PocketBase guesses development mode (SQL printed to the log) from a binary run under the
	// temp dir; a release started from anywhere stays quiet unless STUDIO_DEV says otherwise.
	config := pocketbase.Config{DefaultDev: studioenv.Get("STUDIO_DEV", "") != ""}
	if _, on, _ := replication.FromEnv(); on {
		config.DBConnect = replication.DBConnect
	}
	app := pocketbase.NewWithConfig(config)

	root := projectRoot()
	jsvm.MustRegister(app, jsvm.Config{
		HooksDir:      filepath.Join(root, "pb_hooks"),
		MigrationsDir: filepath.Join(root, "pb_migrations"),
		// Hooks are reloaded by restarting the server; watching is for development only.
		HooksWatch: studioenv.Get("STUDIO_DEV", "") != "",
		OnInit: func(vm *goja.Runtime) {
			access.Bind(vm)
			editions.Bind(vm)
			mail.BindSNS(vm)
		},
	})

	pictures.RegisterRenditions(app)
	catalogCache := cache.Register(app)
	version := catalog.WatchVersion(app)
	if err := edge.Register(app, version); err != nil {
		log.Fatal(err)
	}

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := applyEnvSettings(se.App); err != nil {
			return err
		}
		files := webFS(root)
		// Ahead of PocketBase's rate limiter, which the records and files routes run before any
		// middleware of ours: their 429s and 404s get a line too.
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{Func: guard.AccessLog, Priority: apis.DefaultRateLimitMiddlewarePriority - 50})
		se.Router.BindFunc(guard.SecurityHeaders(files))
		se.Router.BindFunc(guard.APINoStore)
		se.Router.BindFunc(guard.NetworkLimits)
		se.Router.BindFunc(guard.CallerFilter)
		se.Router.BindFunc(catalogCache.Serve)
		se.Router.Bind(web.APIGzip())
		pictures.RegisterSharePictures(se)
		pictures.RegisterProofs(se)
		heads.RegisterSitemap(se)
		se.Router.GET("/{path...}", web.Handler(files, version))
		return se.Next()
	})
	mail.Register(app)
	downloads.Register(app)
	guard.RegisterCacheRules(app)
	guard.RedactRequestLogs(app)
	stopReplication := replication.Register(app)

	// app.Start() with the commands' errors kept: PocketBase prints a failed start and then exits
	// with status 0, so systemd and scripts would take a shop that never served for a clean stop.
	app.RootCmd.AddCommand(cmd.NewSuperuserCommand(app), cmd.NewServeCommand(app, true))
	var failed error
	keepErrors(app.RootCmd, &failed)
	app.RootCmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		failed = err
		return err
	})
	err := app.Execute()
	stopReplication()
	if err != nil {
		log.Fatal(err)
	}
	if failed != nil {
		os.Exit(1) // cobra has printed it
	}
}

func keepErrors(c *cobra.Command, failed *error) {
	if run := c.RunE; run != nil {
		c.RunE = func(c *cobra.Command, args []string) error {
			err := run(c, args)
			if err != nil {
				*failed = err
			}
			return err
		}
	}
	for _, sub := range c.Commands() {
		keepErrors(sub, failed)
	}
}
