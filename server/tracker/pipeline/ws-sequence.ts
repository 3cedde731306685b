// wsSeq: the live ordering key. Handed out from blocks reserved in the `counters` table, so it only grows, across
// restarts and across nodes (each node reserves its own blocks). Gaps are expected and harmless.
import type { Db } from "../../db/client";

const COUNTER = "ws_seq";

export class WsSequence {
  private next = 0;
  private end = 0; // exclusive
  private refill: Promise<void> | undefined;

  constructor(
    private readonly prisma: Db,
    private readonly blockSize = 10_000,
  ) {}

  /** the next `count` numbers, ascending */
  async take(count: number): Promise<number[]> {
    const out: number[] = [];
    while (out.length < count) {
      if (this.next >= this.end) await this.reserve();
      while (out.length < count && this.next < this.end) out.push(this.next++);
    }
    return out;
  }

  private reserve(): Promise<void> {
    this.refill ??= (async () => {
      const rows = await this.prisma.$queryRawUnsafe<{ value: bigint }[]>(
        `INSERT INTO counters (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = counters.value + EXCLUDED.value
         RETURNING value`,
        COUNTER,
        this.blockSize,
      );
      const top = Number(rows[0]!.value);
      this.next = top - this.blockSize + 1;
      this.end = top + 1;
    })().finally(() => {
      this.refill = undefined;
    });
    return this.refill;
  }
}
