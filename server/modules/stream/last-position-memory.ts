// This node's memory of the last position of recently subscribed assets, kept current by the hub. It answers a
// reconnecting client's first message while the database is unreachable. An asset is remembered once a snapshot
// has read it (with "no position yet" remembered too) and forgotten when no socket here has subscribed it for the
// stale window, so memory stays proportional to what this node's clients watch.
import type { LivePosition } from "../positions/live-position";
import type { Clock } from "./clock";

interface Remembered {
  position: LivePosition | null;
  accountId: number;
  neededAt: number;
}

export class LastPositionMemory {
  private readonly entries = new Map<number, Remembered>();

  constructor(
    private readonly clock: Clock,
    private readonly keepMs: number,
  ) {}

  /** what a database snapshot said about an asset (null: no position yet) */
  remember(accountId: number, assetId: number, position: LivePosition | null): void {
    const known = this.entries.get(assetId);
    if (known?.position && position && known.position.wsSeq > position.wsSeq) {
      known.neededAt = this.clock.now(); // the hub was faster than the snapshot: keep the newer one
      return;
    }
    this.entries.set(assetId, { position, accountId, neededAt: this.clock.now() });
  }

  /** a live position from the hub: kept only for remembered assets, and only when newer */
  observe(position: LivePosition): void {
    const known = this.entries.get(position.assetId);
    if (!known) return;
    if (!known.position || position.wsSeq > known.position.wsSeq) known.position = position;
  }

  /** every asset's remembered state, or null when any of them is not remembered (or belongs to another account) */
  recall(accountId: number, assetIds: readonly number[]): Map<number, LivePosition | null> | null {
    const found = new Map<number, LivePosition | null>();
    for (const assetId of assetIds) {
      const known = this.entries.get(assetId);
      if (!known || known.accountId !== accountId) return null;
      found.set(assetId, known.position);
    }
    return found;
  }

  /** forgets assets nobody here has needed for keepMs; `inUse` says whether a socket still subscribes one */
  sweep(inUse: (assetId: number) => boolean): void {
    const now = this.clock.now();
    for (const [assetId, entry] of this.entries) {
      if (inUse(assetId)) entry.neededAt = now;
      else if (now - entry.neededAt > this.keepMs) this.entries.delete(assetId);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
