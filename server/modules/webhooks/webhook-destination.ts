// Where a webhook may be delivered (SSRF guard). A receiver URL is http or https, has no user name or password, and
// every address its host resolves to is public: loopback, private, link-local, carrier-grade NAT, multicast,
// reserved and documentation ranges are refused (an IPv4 address inside IPv6, mapped or NAT64, is judged as IPv4),
// unless the operator set WEBHOOK_ALLOW_PRIVATE=1 (development, tests). The checked addresses are returned so the
// delivery connects to one of them and not to whatever a second DNS answer says (DNS rebinding).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export type Destination = { ok: true; url: URL; addresses: { address: string; family: 4 | 6 }[] } | { ok: false; reason: string };

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
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
  ["100::", 64], // discard
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** the IPv4 address carried inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  const inner = embeddedIpv4(address);
  if (inner) return !NOT_PUBLIC.check(inner, "ipv4");
  return !NOT_PUBLIC.check(address, "ipv6");
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
  options: { allowPrivate: boolean; resolve?: (host: string) => Promise<{ address: string; family: number }[]> },
): Promise<Destination> {
  const parsed = parseWebhookUrl(input);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  const host = url.hostname.replace(/^\[|\]$/g, ""); // IPv6 literals come bracketed
  let resolved: { address: string; family: number }[];
  try {
    resolved = isIP(host) ? [{ address: host, family: isIP(host) }] : await (options.resolve ?? ((name) => lookup(name, { all: true })))(host);
  } catch {
    return { ok: false, reason: `host ${host} does not resolve` };
  }
  if (resolved.length === 0) return { ok: false, reason: `host ${host} does not resolve` };
  if (!options.allowPrivate) {
    const blocked = resolved.find((entry) => !isPublicAddress(entry.address));
    if (blocked) return { ok: false, reason: `points at a private or loopback address (${blocked.address}); the operator can allow these with WEBHOOK_ALLOW_PRIVATE=1` };
  }
  return { ok: true, url, addresses: resolved.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 })) };
}
