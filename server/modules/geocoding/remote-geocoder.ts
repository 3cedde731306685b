// Street-level reverse geocoding through a Nominatim or Photon server (GEOCODER=nominatim:<url> | photon:<url>).
// Ingest never waits on it: a lookup answers at once from a cache of cells ~100 m wide; a miss answers the offline
// result (town, country) and queues a request, one at a time at most once a second (Nominatim's usage policy),
// whose answer fills the cell for the next fixes nearby.
import type { Address, Geocoder } from "./geocoder";
import type { OfflineGeocoder } from "./offline-geocoder";

export type RemoteKind = "nominatim" | "photon";

const CELL_DEGREES = 0.001; // ~110 m of latitude
const CACHE_CELLS = 50_000;
const REQUEST_GAP_MS = 1_000;
const REQUEST_TIMEOUT_MS = 5_000;
const QUEUE_LIMIT = 200;

function cellKey(latitude: number, longitude: number): string {
  return `${Math.round(latitude / CELL_DEGREES)}:${Math.round(longitude / CELL_DEGREES)}`;
}

export class RemoteGeocoder implements Geocoder {
  private readonly cache = new Map<string, Address>();
  private readonly queue = new Map<string, [number, number]>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly kind: RemoteKind,
    private readonly baseUrl: string,
    private readonly fallback: OfflineGeocoder,
    private readonly userAgent = "Fleetline (open-source fleet telematics)",
  ) {}

  async lookup(latitude: number, longitude: number): Promise<Address | null> {
    const key = cellKey(latitude, longitude);
    const cached = this.cache.get(key);
    if (cached) return cached;
    if (!this.queue.has(key) && this.queue.size < QUEUE_LIMIT) {
      this.queue.set(key, [latitude, longitude]);
      this.schedule();
    }
    return this.fallback.lookup(latitude, longitude);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.drainOne(), 0);
  }

  private async drainOne() {
    const next = this.queue.entries().next();
    if (next.done) {
      this.timer = undefined;
      return;
    }
    const [key, [latitude, longitude]] = next.value;
    try {
      const address = await this.fetchAddress(latitude, longitude);
      if (address) {
        if (this.cache.size >= CACHE_CELLS) this.cache.delete(this.cache.keys().next().value!);
        this.cache.set(key, address);
      }
    } catch {
      // unreachable or slow: the offline answer stands; the cell is asked again on a later fix
    } finally {
      this.queue.delete(key);
      this.timer = this.closed ? undefined : setTimeout(() => void this.drainOne(), REQUEST_GAP_MS);
    }
  }

  private async fetchAddress(latitude: number, longitude: number): Promise<Address | null> {
    const url = new URL(this.kind === "nominatim" ? "reverse" : "reverse", this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`);
    url.searchParams.set("lat", String(latitude));
    url.searchParams.set("lon", String(longitude));
    if (this.kind === "nominatim") {
      url.searchParams.set("format", "jsonv2");
      url.searchParams.set("zoom", "17");
      url.searchParams.set("addressdetails", "1");
    }
    const response = await fetch(url, {
      headers: { "user-agent": this.userAgent, accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    return this.kind === "nominatim" ? fromNominatim(body) : fromPhoton(body);
  }
}

function pick(source: Record<string, unknown> | undefined, keys: string[]): string | null {
  for (const key of keys) {
    const value = source?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

function fromNominatim(body: Record<string, unknown>): Address | null {
  const address = body.address as Record<string, unknown> | undefined;
  if (!address) return null;
  const road = pick(address, ["road", "pedestrian", "footway", "street"]);
  const number = pick(address, ["house_number"]);
  return {
    street: road ? (number ? `${road} ${number}` : road) : null,
    town: pick(address, ["city", "town", "village", "hamlet", "municipality"]),
    country: pick(address, ["country"]),
  };
}

function fromPhoton(body: Record<string, unknown>): Address | null {
  const feature = (body.features as { properties?: Record<string, unknown> }[] | undefined)?.[0];
  const p = feature?.properties;
  if (!p) return null;
  const road = pick(p, ["street", "name"]);
  const number = pick(p, ["housenumber"]);
  return {
    street: road ? (number ? `${road} ${number}` : road) : null,
    town: pick(p, ["city", "town", "village", "district"]),
    country: pick(p, ["country"]),
  };
}
