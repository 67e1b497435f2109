package access

import "net/netip"

// Network is what a limit counts a visitor by: an IPv4 address (also when written inside IPv6),
// or an IPv6 /64, the block a home or a server is given, since one holder can use any address in
// it. The hooks ask for it too ($access.networkOf), so the server's limits and the shop's holds,
// carts, sign-ins and uploads count one network the same way. Text that is no address is its own key.
func Network(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is4() {
		return addr.String()
	}
	prefix, _ := addr.Prefix(64)
	return prefix.String()
}
