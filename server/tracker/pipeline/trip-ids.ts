// Trip ids, reserved from the trips table's own sequence a block at a time, so a trip that starts in a packet can be
// written in that packet's batch (positions carry its id) without a round trip of its own. Ids from several nodes
// never collide (the sequence hands out each once); unused ids of a block are simply skipped after a restart.
import type { SqlClient } from "../../db/client";

export class TripIds {
  private ids: number[] = [];
  private waiting = 0;
  private refill: Promise<void> | undefined;

  constructor(
    private readonly sql: SqlClient,
    private readonly blockSize = 64,
  ) {}

  async next(): Promise<number> {
    this.waiting++;
    try {
      while (this.ids.length === 0) await this.reserve();
    } finally {
      this.waiting--;
    }
    return this.ids.pop()!;
  }

  private reserve(): Promise<void> {
    // one turn of the event loop first, so a whole fleet starting trips at once (after a restart) is served by one
    // reservation sized for all of them rather than one block after another
    this.refill ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        this.sql.query<{ id: number }>(
          `SELECT nextval(pg_get_serial_sequence('trips', 'id'))::int AS id FROM generate_series(1, $1::int)`,
          [Math.max(this.blockSize, this.waiting)],
        ),
      )
      .then((rows) => {
        // popped from the end: handed out in ascending order
        this.ids = rows.map((row) => Number(row.id)).sort((a, b) => b - a);
      })
      .finally(() => {
        this.refill = undefined;
      });
    return this.refill;
  }
}
