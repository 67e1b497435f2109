package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	studioenv "studio/server/internal/env"
)

// applyEnvSettings copies the deployment's environment into PocketBase's stored settings at
// every start, so a server is configured the same way as its systemd unit says and a restart
// picks up a change. A group that is absent from the environment is left as the dashboard set it.
func applyEnvSettings(app core.App) error {
	s := app.Settings()

	previousName := s.Meta.AppName
	s.Meta.AppName = studioenv.Get("STUDIO_NAME", "Lanternwood Studio")
	if site := strings.TrimRight(os.Getenv("STUDIO_SITE_URL"), "/"); site != "" {
		s.Meta.AppURL = site
	}
	// PocketBase's own From name is "Support": unless the environment or the dashboard named the
	// sender, letters carry the studio's name, and follow it when it changes.
	if name := os.Getenv("STUDIO_MAIL_SENDER_NAME"); name != "" {
		s.Meta.SenderName = name
	} else if s.Meta.SenderName == "" || s.Meta.SenderName == "Support" || s.Meta.SenderName == previousName {
		s.Meta.SenderName = s.Meta.AppName
	}
	s.Meta.SenderAddress = studioenv.Get("STUDIO_MAIL_SENDER_ADDRESS", s.Meta.SenderAddress)

	if host := os.Getenv("STUDIO_SMTP_HOST"); host != "" {
		port, err := strconv.Atoi(studioenv.Get("STUDIO_SMTP_PORT", "587"))
		if err != nil || port <= 0 || port > 65535 {
			return fmt.Errorf("STUDIO_SMTP_PORT must be a port number, got %q", os.Getenv("STUDIO_SMTP_PORT"))
		}
		s.SMTP.Enabled = true
		s.SMTP.Host = host
		s.SMTP.Port = port
		s.SMTP.Username = os.Getenv("STUDIO_SMTP_USER")
		s.SMTP.Password = os.Getenv("STUDIO_SMTP_PASSWORD")
		// Port 465 speaks TLS from the first byte; other ports upgrade with STARTTLS when offered.
		s.SMTP.TLS = studioenv.Bool("STUDIO_SMTP_TLS", port == 465)
		s.SMTP.AuthMethod = "PLAIN"
		if s.Meta.SenderAddress == "" {
			return fmt.Errorf("STUDIO_SMTP_HOST is set but STUDIO_MAIL_SENDER_ADDRESS is not: mail needs a From address")
		}
	}

	if bucket := os.Getenv("STUDIO_S3_BUCKET"); bucket != "" {
		s.S3 = s3FromEnv(bucket)
	}
	if bucket := os.Getenv("STUDIO_BACKUP_S3_BUCKET"); bucket != "" {
		s.Backups.S3 = s3FromEnv(bucket)
	}

	if headers := os.Getenv("STUDIO_TRUSTED_PROXY_HEADERS"); headers != "" {
		s.TrustedProxy.Headers = nil
		for _, h := range strings.Split(headers, ",") {
			if h = strings.TrimSpace(h); h != "" {
				s.TrustedProxy.Headers = append(s.TrustedProxy.Headers, h)
			}
		}
	}

	return app.Save(s)
}

func s3FromEnv(bucket string) core.S3Config {
	return core.S3Config{
		Enabled:        true,
		Bucket:         bucket,
		Region:         studioenv.Get("STUDIO_S3_REGION", "us-east-1"),
		Endpoint:       os.Getenv("STUDIO_S3_ENDPOINT"),
		AccessKey:      os.Getenv("STUDIO_S3_ACCESS_KEY"),
		Secret:         os.Getenv("STUDIO_S3_SECRET"),
		ForcePathStyle: studioenv.Bool("STUDIO_S3_FORCE_PATH_STYLE", false),
	}
}
