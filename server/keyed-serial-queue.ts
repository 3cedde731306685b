// Runs async jobs one after another per key and jobs of different keys side by side: one device's packets in the
// order they came, different devices' concurrently. A key has an entry only while it has jobs waiting or running,
// so the map never outgrows the work in flight. A failing job fails its own caller and does not stop the jobs behind
// it. A neutral utility in server/ beside SerialQueue (one key, jobs that only log their failures).

interface Chain {
  /** settles when the key's last job has (never rejects) */
  tail: Promise<void>;
  /** jobs of this key waiting or running */
  waiting: number;
}

export class KeyedSerialQueue<K> {
  private readonly chains = new Map<K, Chain>();
  private total = 0;

  /** runs `job` once every job queued before it under `key` has settled; resolves or rejects as the job does */
  run<T>(key: K, job: () => Promise<T>): Promise<T> {
    const chain = this.chains.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    this.chains.set(key, chain);
    chain.waiting++;
    this.total++;
    const result = chain.tail.then(job);
    chain.tail = result.then(
      () => this.release(key, chain),
      () => this.release(key, chain),
    );
    return result;
  }

  /** jobs of `key` waiting or running */
  waitingFor(key: K): number {
    return this.chains.get(key)?.waiting ?? 0;
  }

  /** jobs of every key waiting or running */
  get size(): number {
    return this.total;
  }

  /** settles once every job queued so far has */
  async idle(): Promise<void> {
    await Promise.all([...this.chains.values()].map((chain) => chain.tail));
  }

  private release(key: K, chain: Chain) {
    this.total--;
    if (--chain.waiting === 0 && this.chains.get(key) === chain) this.chains.delete(key);
  }
}
