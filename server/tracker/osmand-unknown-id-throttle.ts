// The OsmAnd listener's brake on guessing device ids (docs/osmand.md "Guessing device ids"): an address that sends
// more than `perWindow` different unknown device ids within `windowMs` gets 429 for `blockMs`, for every request,
// known ids included (answering those would tell them apart). Different ids are counted, not requests: a phone with a
// mistyped id sends the same unknown id every few seconds and must not shut out the other phones behind its
// carrier's NAT. Addresses are counted by clientAddressKey (an IPv6 source by its /64, RATE_LIMIT_IPV6_PREFIX), as
// every per-IP limit is.
// Memory is bounded: at most `maxAddresses` windows and as many blocks, the oldest dropped first, and a window holds
// at most perWindow + 1 ids.

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
