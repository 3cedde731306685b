// Who a device is: the provisioned tracker for an IMEI (cached briefly, so a reconnect storm does not hit the
// database once per device), and the record of unknown IMEIs that tried to log in, for one-click provisioning.
// Under attack (docs/ingest.md "Tracker ports under attack") everything here is bounded: the cache holds a fixed
// number of IMEIs, known or not, and answers an unknown IMEI from memory until it expires; attempts of unknown IMEIs
// are written at most UNKNOWN_RECORDS_PER_ADDRESS a minute per source address and UNKNOWN_RECORDS_PER_MINUTE in
// all (further ones are refused just the same, only not recorded); the unknown-device table keeps the newest
// UNKNOWN_DEVICES_KEPT rows of the last UNKNOWN_DEVICE_TTL_DAYS days.
import type { Db } from "../db/client";
import { clientAddressKey } from "../http/client-address-key";
import { BatchLoader } from "./batch-loader";
import type { KnownTracker } from "./tracker-sink";

interface TrackerRow {
  id: number;
  assetId: number | null;
  accountId: number;
  imei: string;
  protocol: string;
}

/** how long an answer (known or unknown) is reused; asset.changed clears the cache at once */
const CACHE_MS = 30_000;
/** IMEIs remembered; past this the least recently asked are forgotten (an IMEI scan cannot grow memory) */
export const CACHE_MAX_ENTRIES = 20_000;
/** new unknown-device records per source address per minute; further attempts are refused without being recorded */
export const UNKNOWN_RECORDS_PER_ADDRESS = 10;
/** the same for all addresses together (spoofed UDP sources are many addresses) */
export const UNKNOWN_RECORDS_PER_MINUTE = 600;
const UNKNOWN_WINDOW_MS = 60_000;
/** addresses tracked for that limit; past this the oldest windows are dropped */
const ADDRESSES_MAX = 10_000;
/** unknown devices not seen for this long are deleted */
export const UNKNOWN_DEVICE_TTL_DAYS = 30;
/** rows kept in unknown_devices; the least recently seen beyond this are deleted */
export const UNKNOWN_DEVICES_KEPT = 10_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface DirectoryOptions {
  cacheMaxEntries?: number;
  unknownRecordsPerAddress?: number;
  unknownRecordsPerMinute?: number;
  unknownDevicesKept?: number;
}

export class TrackerDirectory {
  /** `unknown`: no tracker row at all (attempts are recorded), as opposed to a tracker not fitted to an asset */
  private readonly cache = new Map<string, { tracker: KnownTracker | null; unknown: boolean; until: number }>();
  private readonly unknownByAddress = new Map<string, { since: number; recorded: number }>();
  private unknownInAll = { since: 0, recorded: 0 };
  private readonly loader: BatchLoader<string, TrackerRow | null>;
  private readonly cacheMax: number;
  private readonly perAddress: number;
  private readonly perMinute: number;
  private readonly kept: number;
  /** unknown IMEI attempts not recorded because their address was over its limit */
  unrecordedUnknown = 0;

  constructor(
    private readonly prisma: Db,
    options: DirectoryOptions = {},
  ) {
    this.cacheMax = options.cacheMaxEntries ?? CACHE_MAX_ENTRIES;
    this.perAddress = options.unknownRecordsPerAddress ?? UNKNOWN_RECORDS_PER_ADDRESS;
    this.perMinute = options.unknownRecordsPerMinute ?? UNKNOWN_RECORDS_PER_MINUTE;
    this.kept = options.unknownDevicesKept ?? UNKNOWN_DEVICES_KEPT;
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
    let entry = this.cache.get(input.imei);
    if (!entry || entry.until <= Date.now()) {
      const row = await this.loader.load(input.imei);
      // a tracker not yet attached to an asset has nowhere to store positions: treated as unknown until it is
      const tracker =
        row && row.assetId !== null
          ? { trackerId: row.id, assetId: row.assetId, accountId: row.accountId, imei: row.imei, protocol: row.protocol }
          : null;
      entry = this.remember(input.imei, tracker, !row);
    }
    if (entry.unknown && this.mayRecordUnknownFrom(clientAddressKey(input.remoteAddress ?? ""))) await this.recordUnknown(input);
    return entry.tracker;
  }

  /** forget cached answers (after provisioning or re-assigning a tracker) */
  forget(imei?: string): void {
    if (imei) this.cache.delete(imei);
    else this.cache.clear();
  }

  /** IMEIs currently cached (tests check the bound) */
  get cached(): number {
    return this.cache.size;
  }

  /**
   * Deletes unknown devices not seen for UNKNOWN_DEVICE_TTL_DAYS and all but the newest `kept`; returns how many.
   * The tracker service runs it hourly.
   */
  async pruneUnknownDevices(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - UNKNOWN_DEVICE_TTL_DAYS * 86_400_000);
    const expired = await this.prisma.unknownDevice.deleteMany({ where: { lastSeenAt: { lt: cutoff } } });
    const beyond = await this.prisma.$executeRaw`
      DELETE FROM unknown_devices WHERE imei IN (
        SELECT imei FROM unknown_devices ORDER BY last_seen_at DESC, imei OFFSET ${this.kept}
      )`;
    return expired.count + beyond;
  }

  /** prunes now and then every hour; returns the stop function */
  startPruning(onError: (error: unknown) => void): () => void {
    const prune = () => void this.pruneUnknownDevices().catch(onError);
    prune();
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  private remember(imei: string, tracker: KnownTracker | null, unknown: boolean) {
    const entry = { tracker, unknown, until: Date.now() + CACHE_MS };
    this.cache.delete(imei); // re-inserted last: the Map's order is the order of insertion
    this.cache.set(imei, entry);
    if (this.cache.size > this.cacheMax) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }

  private mayRecordUnknownFrom(address: string): boolean {
    const now = Date.now();
    let window = this.unknownByAddress.get(address);
    if (!window || now - window.since >= UNKNOWN_WINDOW_MS) {
      this.unknownByAddress.delete(address);
      window = { since: now, recorded: 0 };
      this.unknownByAddress.set(address, window);
      if (this.unknownByAddress.size > ADDRESSES_MAX) this.unknownByAddress.delete(this.unknownByAddress.keys().next().value!);
    }
    if (now - this.unknownInAll.since >= UNKNOWN_WINDOW_MS) this.unknownInAll = { since: now, recorded: 0 };
    if (window.recorded >= this.perAddress || this.unknownInAll.recorded >= this.perMinute) {
      this.unrecordedUnknown++;
      return false;
    }
    window.recorded++;
    this.unknownInAll.recorded++;
    return true;
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
