// The segment history of each route a node follows (segment-history.ts), read from the run_progress rows of the days
// before the run's and kept: past days do not change, so it is read again only after HISTORY_MAX_AGE_MS (and at the
// turn of the day, the run's date being part of the key). A read that fails leaves the route without history for a
// minute (the ETAs fall back to the plain speed model) rather than failing the fix.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { parseLocalDate, zonedInstant } from "../time/zoned-time";
import { buildSegmentHistory, SEGMENT_HISTORY_RULES, SegmentHistory, type PastStop } from "./segment-history";

export const HISTORY_MAX_AGE_MS = 6 * 60 * 60_000;
const RETRY_AFTER_FAILURE_MS = 60_000;

interface Entry {
  history: SegmentHistory;
  /** when it is read again */
  until: number;
}

export class SegmentHistoryCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly prisma: Db,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  /** the history get() holds for `routeId` and `date` while it is fresh, else undefined: known without waiting */
  fresh(routeId: number, date: string): SegmentHistory | undefined {
    const known = this.entries.get(`${routeId}:${date}`);
    return known && this.now() < known.until ? known.history : undefined;
  }

  /** the history of `routeId` from the days before `date` (YYYY-MM-DD in `timeZone`) */
  async get(routeId: number, date: string, timeZone: string): Promise<SegmentHistory> {
    const key = `${routeId}:${date}`;
    const known = this.entries.get(key);
    if (known && this.now() < known.until) return known.history;
    let entry: Entry;
    try {
      entry = { history: await this.read(routeId, date, timeZone), until: this.now() + HISTORY_MAX_AGE_MS };
    } catch (error) {
      this.logger.warn({ err: error, routeId }, "route history not read: ETAs use the plain speed model for now");
      entry = { history: known?.history ?? SegmentHistory.empty, until: this.now() + RETRY_AFTER_FAILURE_MS };
    }
    // forget the other days of this route (the run's day turned) and routes no run asked about for a while
    for (const [other, kept] of this.entries) {
      if (other.startsWith(`${routeId}:`) || kept.until + HISTORY_MAX_AGE_MS < this.now()) this.entries.delete(other);
    }
    this.entries.set(key, entry);
    return entry.history;
  }

  private async read(routeId: number, date: string, timeZone: string): Promise<SegmentHistory> {
    const rows = await this.prisma.runProgress.findMany({
      where: { routeId, date: { lt: date } },
      orderBy: { date: "desc" },
      take: SEGMENT_HISTORY_RULES.maxDays,
      select: { date: true, state: true },
    });
    return buildSegmentHistory(
      rows.flatMap((row) => {
        const day = parseLocalDate(row.date);
        const stops = (row.state as { stops?: PastStop[] } | null)?.stops;
        return day && Array.isArray(stops) ? [{ dayStart: zonedInstant(day, 0, timeZone), stops }] : [];
      }),
    );
  }
}
