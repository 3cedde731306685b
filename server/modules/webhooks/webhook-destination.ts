// Where a webhook may be delivered (SSRF guard). A receiver URL is http or https, has no user name or password, and
// every address its host resolves to is public: loopback, private, link-local, carrier-grade NAT, multicast,
// reserved, documentation and deprecated ranges are refused (an IPv4 address inside IPv6, mapped, NAT64 or 6to4, is
// judged as that IPv4 address), unless the operator set WEBHOOK_ALLOW_PRIVATE=1 (development, tests). The checked addresses are returned so the
// delivery connects to one of them and not to whatever a second DNS answer says (DNS rebinding). Names are resolved
// through resolve-host.ts: off libuv's thread pool, with a deadline that cancels the lookup.
import { BlockList, isIP } from "node:net";
import { formatIpv6, ipv4FromGroups, ipv6Groups } from "../../security/ip-address";
import { HostLookupError, resolveHost, type HostLookupOptions, type ResolvedAddress } from "./resolve-host";

/** the refusal, worded for the caller: says what is wrong, never which address a name resolved to */
export const NOT_PUBLIC_REASON = "points at a non-public address; the operator can allow these with WEBHOOK_ALLOW_PRIVATE=1";

export type Destination = { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; reason: string };

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible (deprecated; ::a.b.c.d may still reach a.b.c.d)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
  ["100::", 64], // discard
  ["64:ff9b:1::", 48], // local-use NAT64 (RFC 8215): its translator may reach anything inside
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/**
 * The IPv4 address an IPv6 address stands for, which is then what is judged: IPv4-mapped (::ffff:a.b.c.d), NAT64's
 * well-known prefix (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::/48, whose traffic goes to a relay and on to
 * aa.bb.cc.dd).
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return ipv4FromGroups(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4FromGroups(g6, g7);
  if (g0 === 0x2002) return ipv4FromGroups(g1, g2);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const inner = embeddedIpv4(groups);
  if (inner) return !NOT_PUBLIC.check(inner, "ipv4");
  return !NOT_PUBLIC.check(formatIpv6(groups), "ipv6");
}

/** the URL's form alone (no DNS): absolute, http or https, no user name or password; registration checks it first */
export function parseWebhookUrl(input: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: "must be an absolute http or https URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "must use http or https" };
  if (url.username || url.password) return { ok: false, reason: "must not contain a user name or password" };
  return { ok: true, url };
}

export async function checkWebhookDestination(
  input: string,
  options: { allowPrivate: boolean; lookup?: HostLookupOptions },
): Promise<Destination> {
  const parsed = parseWebhookUrl(input);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  const host = url.hostname.replace(/^\[|\]$/g, ""); // IPv6 literals come bracketed
  let resolved: ResolvedAddress[];
  try {
    resolved = await resolveHost(host, options.lookup);
  } catch (error) {
    if (error instanceof HostLookupError) return { ok: false, reason: error.message };
    throw error;
  }
  if (!options.allowPrivate && !resolved.every((entry) => isPublicAddress(entry.address))) {
    // the address itself is not named: the answer would let a tenant resolve internal names through the server
    return { ok: false, reason: NOT_PUBLIC_REASON };
  }
  return { ok: true, url, addresses: resolved };
}
