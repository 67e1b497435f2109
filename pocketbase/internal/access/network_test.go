package access

import "testing"

func TestALimitCountsANetwork(t *testing.T) {
	cases := map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2::9":      "2001:db8:1:2::/64",
		"fe80::1%eth0":         "fe80::/64",
		"not an address":       "not an address",
	}
	for ip, want := range cases {
		if got := Network(ip); got != want {
			t.Errorf("Network(%q) = %q, want %q", ip, got, want)
		}
	}
}
