// Package env reads the deployment's settings from the environment (STUDIO_*), the same way for
// every package. It owns no setting's meaning: each package reads the variables of its concern.
// It imports nothing of the server's.
package env

import (
	"os"
	"strconv"
)

// Get is the variable's value, or fallback when it is unset or empty.
func Get(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

// Bool reads a true/false variable; anything unreadable is fallback.
func Bool(key string, fallback bool) bool {
	if v, err := strconv.ParseBool(os.Getenv(key)); err == nil {
		return v
	}
	return fallback
}
