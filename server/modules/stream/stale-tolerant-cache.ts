// A cache for lookups that must survive a short database outage. An entry younger than `freshMs` is served without
// asking; an older one is refreshed. When the refresh fails (the database is down or hangs), an entry younger than
// `staleMs` is served instead; with nothing that recent the failure propagates, so callers fail closed.
// Concurrent lookups of one key share one load. Ages come from the injected clock.
import type { Clock } from "./clock";

interface Entry<V> {
  value: V;
  storedAt: number;
}

export interface CachedValue<V> {
  value: V;
  /** served from an entry older than freshMs because the refresh failed */
  stale: boolean;
}

export class StaleTolerantCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<CachedValue<V>>>();

  constructor(
    private readonly options: {
      freshMs: number;
      staleMs: number;
      clock: Clock;
      /** oldest entries are evicted beyond this many */
      maxEntries: number;
    },
  ) {}

  get(key: K, load: () => Promise<V>): Promise<CachedValue<V>> {
    const entry = this.entries.get(key);
    const now = this.options.clock.now();
    if (entry && now - entry.storedAt < this.options.freshMs) return Promise.resolve({ value: entry.value, stale: false });
    const running = this.loading.get(key);
    if (running) return running;
    const attempt = this.refresh(key, load).finally(() => this.loading.delete(key));
    this.loading.set(key, attempt);
    return attempt;
  }

  private async refresh(key: K, load: () => Promise<V>): Promise<CachedValue<V>> {
    try {
      const value = await load();
      this.set(key, value);
      return { value, stale: false };
    } catch (error) {
      const entry = this.entries.get(key);
      if (entry && this.options.clock.now() - entry.storedAt < this.options.staleMs) return { value: entry.value, stale: true };
      throw error;
    }
  }

  set(key: K, value: V): void {
    this.entries.delete(key); // re-inserted last: Map order is the eviction order
    this.entries.set(key, { value, storedAt: this.options.clock.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** drops every entry whose value matches */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
