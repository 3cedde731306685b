// Coalesces single-key lookups made in the same tick into one query for all of them. When a fleet reconnects after a
// restart, thousands of devices log in and send their first packet within seconds: one query per few hundred
// devices instead of one (or three) per device keeps the database and the pool free for the writes.
export class BatchLoader<K, V> {
  private waiting = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;

  constructor(
    /** answers every key asked for (missing keys resolve as `fallback`) */
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
    private readonly maxBatch = 500,
  ) {}

  load(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.run());
      }
    });
  }

  private run() {
    this.scheduled = false;
    const all = [...this.waiting];
    this.waiting = new Map();
    for (let i = 0; i < all.length; i += this.maxBatch) {
      const slice = all.slice(i, i + this.maxBatch);
      this.loadMany(slice.map(([key]) => key)).then(
        (values) => {
          for (const [key, callers] of slice) {
            const value = values.has(key) ? values.get(key)! : this.fallback;
            for (const caller of callers) caller.resolve(value);
          }
        },
        (error) => {
          for (const [, callers] of slice) for (const caller of callers) caller.reject(error);
        },
      );
    }
  }
}
