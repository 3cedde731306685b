// Who a device is: the provisioned tracker for an IMEI (cached briefly, so a reconnect storm does not hit the
// database once per device), and the record of unknown IMEIs that tried to log in, for one-click provisioning.
import type { Db } from "../db/client";
import { BatchLoader } from "./batch-loader";
import type { KnownTracker } from "./tracker-sink";

interface TrackerRow {
  id: number;
  assetId: number | null;
  accountId: number;
  imei: string;
  protocol: string;
}

const CACHE_MS = 30_000;

export class TrackerDirectory {
  private readonly cache = new Map<string, { tracker: KnownTracker | null; until: number }>();
  private readonly loader: BatchLoader<string, TrackerRow | null>;

  constructor(private readonly prisma: Db) {
    // a reconnect storm asks for thousands of IMEIs within seconds: one query per few hundred of them
    this.loader = new BatchLoader(async (imeis: string[]) => {
      const rows = await this.prisma.tracker.findMany({
        where: { imei: { in: imeis } },
        select: { id: true, assetId: true, accountId: true, imei: true, protocol: true },
      });
      return new Map(rows.map((row) => [row.imei, row]));
    }, null);
  }

  async identify(input: { imei: string; protocol: string; remoteAddress?: string }): Promise<KnownTracker | null> {
    const cached = this.cache.get(input.imei);
    if (cached && cached.until > Date.now() && cached.tracker) return cached.tracker;
    const row = await this.loader.load(input.imei);
    // a tracker not yet attached to an asset has nowhere to store positions: treated as unknown until it is
    const tracker =
      row && row.assetId !== null
        ? { trackerId: row.id, assetId: row.assetId, accountId: row.accountId, imei: row.imei, protocol: row.protocol }
        : null;
    this.cache.set(input.imei, { tracker, until: Date.now() + CACHE_MS });
    if (!tracker && !row) await this.recordUnknown(input);
    return tracker;
  }

  /** forget cached answers (after provisioning or re-assigning a tracker) */
  forget(imei?: string): void {
    if (imei) this.cache.delete(imei);
    else this.cache.clear();
  }

  private async recordUnknown(input: { imei: string; protocol: string; remoteAddress?: string }) {
    const now = new Date();
    await this.prisma.unknownDevice.upsert({
      where: { imei: input.imei },
      create: { imei: input.imei, protocol: input.protocol, remoteAddress: input.remoteAddress ?? null },
      update: { attempts: { increment: 1 }, lastSeenAt: now, remoteAddress: input.remoteAddress ?? null },
    });
  }
}
