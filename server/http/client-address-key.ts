// The one key every per-IP limit and cap counts a client under (rate limits, connection caps, tracker per-address
// caps). An IPv4 address is its own key. An IPv6 client usually holds a whole /64 (a home, a phone, a VM), so keying
// on the full address would give it 2^64 fresh budgets: an IPv6 address is keyed on its network prefix instead,
// RATE_LIMIT_IPV6_PREFIX bits (default 64, /48 to /64). An IPv4-mapped address (::ffff:a.b.c.d, what a dual-stack
// socket reports for an IPv4 client) is the IPv4 client. Logs keep the full address; only the counting is coarser.
import { isIP } from "node:net";
import { env } from "../env";
import { formatIpv6, ipv4FromGroups, ipv6Groups } from "../security/ip-address";

/** the longest key kept for something that is not an address (a malformed header entry, "unknown") */
const MAX_OTHER_KEY_LENGTH = 64;

export function clientAddressKey(address: string, ipv6Prefix: number = env().RATE_LIMIT_IPV6_PREFIX): string {
  const bare = withoutPort(address.trim());
  if (isIP(bare) === 4) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare.slice(0, MAX_OTHER_KEY_LENGTH).toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return ipv4FromGroups(groups[6]!, groups[7]!);
  const masked = groups.map((group, index) => {
    const bits = Math.max(0, Math.min(16, ipv6Prefix - index * 16));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${formatIpv6(masked)}/${ipv6Prefix}`;
}

/** some proxies write the client's port too: `203.0.113.9:51234`, `[2001:db8::1]:51234` */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  return ipv4WithPort ? ipv4WithPort[1]! : address;
}
