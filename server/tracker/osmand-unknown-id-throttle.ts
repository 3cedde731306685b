// The OsmAnd listener's brake on guessing device ids (docs/osmand.md "Guessing device ids"): an address that sends
// more than `perWindow` different unknown device ids within `windowMs` gets 429 for `blockMs`, for every request,
// known ids included (answering those would tell them apart). Different ids are counted, not requests: a phone with a
// mistyped id sends the same unknown id every few seconds and must not shut out the other phones behind its
// carrier's NAT. IPv6 addresses are counted per /64 (one subscriber's whole prefix), IPv4 per address.
// Memory is bounded: at most `maxAddresses` windows and as many blocks, the oldest dropped first, and a window holds
// at most perWindow + 1 ids.
import net from "node:net";

export interface UnknownIdThrottleOptions {
  /** different unknown device ids an address may send per window before it is blocked */
  perWindow: number;
  windowMs: number;
  /** how long a blocked address gets 429 */
  blockMs: number;
  /** addresses tracked at once (windows, and blocks, each) */
  maxAddresses: number;
  now: () => number;
}

export const UNKNOWN_ID_THROTTLE = {
  perWindow: 20,
  windowMs: 60_000,
  blockMs: 15 * 60_000,
  maxAddresses: 10_000,
};

export class UnknownIdThrottle {
  private readonly windows = new Map<string, { since: number; ids: Set<string> }>();
  private readonly blocked = new Map<string, number>();

  constructor(private readonly options: UnknownIdThrottleOptions) {}

  /** milliseconds until the address may send again, or 0 when it is not blocked */
  blockedFor(address: string): number {
    const until = this.blocked.get(address);
    if (until === undefined) return 0;
    const left = until - this.options.now();
    if (left > 0) return left;
    this.blocked.delete(address);
    return 0;
  }

  /** counts an unknown id from the address; true when this one puts the address over its budget (now blocked) */
  unknownId(address: string, deviceId: string): boolean {
    const now = this.options.now();
    let window = this.windows.get(address);
    if (!window || now - window.since >= this.options.windowMs) {
      this.windows.delete(address);
      window = { since: now, ids: new Set() };
      remember(this.windows, address, window, this.options.maxAddresses);
    }
    window.ids.add(deviceId);
    if (window.ids.size <= this.options.perWindow) return false;
    this.windows.delete(address);
    remember(this.blocked, address, now + this.options.blockMs, this.options.maxAddresses);
    return true;
  }
}

/** sets key last in the map's order, dropping the oldest entry past `max` */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * The bucket an address is counted in: an IPv4 address as it is (also when IPv4-mapped, `::ffff:192.0.2.1`), an
 * IPv6 address as its /64 (`2001:db8:0:1::/64`). Written here because no shared helper existed on this branch
 * (another change adds one for the per-IP limits of the HTTP API; the two should become one).
 */
export function addressBucket(address: string | undefined): string {
  if (!address) return "";
  const plain = address.replace(/%.*$/, ""); // a zone index (fe80::1%eth0) names an interface, not a host
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(plain)) return `${expandIpv6(plain).slice(0, 4).join(":")}::/64`;
  return plain;
}

/** the eight 16-bit groups of an IPv6 address, each without leading zeros ("0" for zero) */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
