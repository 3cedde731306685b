// Coalesces single-key lookups into one query for many keys. When a fleet reconnects after a restart, thousands of
// devices log in and send their first packet within seconds: one query per few hundred devices instead of one (or
// three) per device keeps the database and the pool free for the writes. Keys asked in the same tick go together;
// while `maxInFlight` queries run, newly asked keys wait and go together in the next one, so the number of queries
// adapts to the load instead of growing with it.
export class BatchLoader<K, V> {
  private waiting = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;
  private running = 0;

  constructor(
    /** answers every key asked for (missing keys resolve as `fallback`) */
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 2,
  ) {}

  load(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.run();
        });
      }
    });
  }

  private run() {
    while (this.running < this.maxInFlight && this.waiting.size > 0) {
      const slice: [K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]][] = [];
      for (const entry of this.waiting) {
        slice.push(entry);
        this.waiting.delete(entry[0]);
        if (slice.length === this.maxBatch) break;
      }
      this.running++;
      this.loadMany(slice.map(([key]) => key))
        .then(
          (values) => {
            for (const [key, callers] of slice) {
              const value = values.has(key) ? values.get(key)! : this.fallback;
              for (const caller of callers) caller.resolve(value);
            }
          },
          (error) => {
            for (const [, callers] of slice) for (const caller of callers) caller.reject(error);
          },
        )
        .finally(() => {
          this.running--;
          this.run(); // what arrived meanwhile goes now, together
        });
    }
  }
}
