// What every report computation shares: the account's time zone, the asked assets (checked to be the account's),
// the local days the range touches, and the meta block (completeness per asset, plain-language notes).
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import type { AssetCompleteness, ReportRequest, ReportRow } from "../report-model";
import { daysCovering, dayBounds } from "../rollups/local-days";
import type { RowKey } from "./report-cursor";

export interface ReportAsset {
  id: number;
  name: string;
}

export interface ReportContext {
  request: ReportRequest;
  timeZone: string;
  /** ascending by id: the order of rows */
  assets: ReportAsset[];
  /** the local days [from, to) touches (first and last inclusive) */
  days: string[];
}

export interface KeyedRow {
  key: RowKey;
  row: ReportRow;
}

/** how one report type makes its rows: per asset, in key order, after a key when resuming from a cursor */
export interface RowSource {
  /** once per report before any rows (rollup types bring their days up to date) */
  prepare?(context: ReportContext): Promise<void>;
  rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow>;
}

export async function loadReportContext(request: ReportRequest): Promise<ReportContext> {
  const account = await db().account.findUnique({ where: { id: request.accountId }, select: { timeZone: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
  const ids = [...new Set(request.assetIds)].sort((a, b) => a - b);
  const assets = await db().asset.findMany({
    where: { accountId: request.accountId, id: { in: ids } },
    select: { id: true, name: true },
    orderBy: { id: "asc" },
  });
  const missing = ids.filter((id) => !assets.some((asset) => asset.id === id));
  if (missing.length > 0) throw new AppError("ASSET_NOT_FOUND", `asset ${missing.join(", ")} not found`);
  return {
    request,
    timeZone: account.timeZone,
    assets,
    days: daysCovering(request.from.getTime(), request.to.getTime(), account.timeZone),
  };
}

/** "street, town, country" of what is known; null when nothing is */
export function addressOf(row: { street: string | null; town: string | null; country: string | null }): string | null {
  const parts = [row.street, row.town, row.country].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(", ") : null;
}

export const iso = (value: Date | number | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** rounds to a fixed number of decimals (km to metres, km/h to 0.1) */
export const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

export async function readCompleteness(context: ReportContext, now = Date.now()): Promise<AssetCompleteness[]> {
  const ids = context.assets.map((asset) => asset.id);
  const [states, presence] = await Promise.all([
    db().assetState.findMany({ where: { assetId: { in: ids } }, select: { assetId: true, fixTime: true, receivedAt: true } }),
    db().assetPresence.findMany({
      where: { assetId: { in: ids } },
      select: { assetId: true, lastConnectedAt: true, lastDisconnectedAt: true },
    }),
  ]);
  const to = context.request.to.getTime();
  return context.assets.map((asset) => {
    const state = states.find((s) => s.assetId === asset.id);
    const seen = presence.find((p) => p.assetId === asset.id);
    const connected =
      !!seen && (seen.lastDisconnectedAt === null || seen.lastDisconnectedAt.getTime() < seen.lastConnectedAt.getTime());
    const newest = state?.fixTime.getTime() ?? null;
    return {
      asset_id: asset.id,
      asset_name: asset.name,
      newest_record_at: iso(newest),
      newest_received_at: iso(state?.receivedAt),
      // a tracker that is not connected may hold buffered records; a range reaching past the newest record (or
      // into the future) may still receive them
      late_records_possible: !connected || newest === null || Math.min(to, now) > newest,
    };
  });
}

interface NoteRow {
  asset_id: number;
  day: string;
  odometer_resets: number;
  gaps: number;
  gap_s: number;
  jumps: number;
}

function hours(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  const h = seconds / 3600;
  return `${Number.isInteger(Math.round(h * 10) / 10) ? Math.round(h) : (Math.round(h * 10) / 10).toFixed(1)} h`;
}

/**
 * Plain-language remarks from the day rollups of the range: odometer resets, gaps, GPS jumps left out. Rollup types
 * have brought their days up to date first; the others read them as the worker left them (at most about a minute
 * behind for the current day).
 */
export async function readNotes(context: ReportContext): Promise<string[]> {
  const notes: string[] = [];
  const { request, timeZone, days } = context;
  if (days.length > 0 && ["activity", "mileage", "temperature"].includes(request.type)) {
    const first = dayBounds(days[0]!, timeZone).start;
    const last = dayBounds(days.at(-1)!, timeZone).end;
    if (first !== request.from.getTime() || last !== request.to.getTime()) {
      notes.push(`Figures cover whole local days (${timeZone}): ${days[0]} to ${days.at(-1)}.`);
    }
  }
  if (days.length === 0 || context.assets.length === 0) return notes;
  const rows = await db().$queryRaw<NoteRow[]>`
    SELECT asset_id, day::text AS day, odometer_resets, gaps, gap_s, jumps FROM asset_days
    WHERE asset_id IN (${Prisma.join(context.assets.map((a) => a.id))})
      AND day >= ${days[0]}::date AND day <= ${days.at(-1)}::date
      AND (odometer_resets > 0 OR gaps > 0 OR jumps > 0)
    ORDER BY asset_id, day`;
  const names = new Map(context.assets.map((asset) => [asset.id, asset.name]));
  for (const row of rows) {
    const name = names.get(row.asset_id);
    if (row.odometer_resets > 0) {
      notes.push(`${name}: odometer reset on ${row.day}${row.odometer_resets > 1 ? ` (${row.odometer_resets} times)` : ""}; distance there is from the next source, never negative.`);
    }
    if (row.gaps > 0) notes.push(`${name}: no data for ${hours(row.gap_s)} on ${row.day} while not parked.`);
    if (row.jumps > 0) notes.push(`${name}: ${row.jumps} GPS jump${row.jumps > 1 ? "s" : ""} left out of the distance on ${row.day}.`);
  }
  return notes;
}
