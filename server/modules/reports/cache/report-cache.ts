// The report cache (docs/reports.md "Caching"): the answer to a request (a JSON first page or a file) kept under a
// sha256 of the normalised request, together with the engine's data version of that request at the time it was
// computed. It is served again only while readDataVersion(request) still gives that version, so a late record, an
// edited geofence or driver inside the range makes the next identical request a miss. Per account at most
// REPORT_CACHE_LIMITS.maxEntries entries and maxBytes bytes (the least recently used go first); entries expire after
// a day whatever happens. In the database, so every node shares it.
import { createHash } from "node:crypto";
import { db } from "../../../db/client";
import type { ReportFormat, ReportRequest } from "../report-model";

const MIB = 1024 * 1024;

export const REPORT_CACHE_LIMITS = {
  maxEntries: 50,
  maxBytes: 100 * MIB,
  /** larger answers are not kept: one would push out everything else */
  maxEntryBytes: 20 * MIB,
  ttlMs: 24 * 3_600_000,
} as const;

export type ReportCacheHeader = "hit" | "miss";
export const CACHE_HEADER = "x-fleetline-cache";

export interface CachedReport {
  contentType: string;
  fileName: string | null;
  body: Uint8Array;
}

/** the key of a request: every input that changes the answer, in a fixed order (asset ids sorted, options' keys sorted) */
export function reportCacheKey(input: {
  request: ReportRequest;
  format: ReportFormat;
  timeZone: string;
  /** JSON: the page size (only first pages are cached) */
  limit?: number;
}): string {
  const { request } = input;
  const normalised = {
    v: 1,
    account: request.accountId,
    type: request.type,
    asset_ids: [...request.assetIds].sort((a, b) => a - b),
    from: request.from.toISOString(),
    to: request.to.toISOString(),
    period: request.period ?? null,
    options: sortKeys(request.options ?? {}),
    format: input.format,
    time_zone: input.timeZone,
    limit: input.limit ?? null,
  };
  return createHash("sha256").update(JSON.stringify(normalised)).digest("hex");
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** the cached answer when its data version is still `dataVersion`; a stale entry is dropped */
export async function readReportCache(input: { accountId: number; key: string; dataVersion: string }, now = Date.now()): Promise<CachedReport | null> {
  const prisma = db();
  const entry = await prisma.reportCacheEntry.findUnique({
    where: { accountId_key: { accountId: input.accountId, key: input.key } },
    select: { id: true, dataVersion: true, expiresAt: true, contentType: true, fileName: true, body: true },
  });
  if (!entry) return null;
  if (entry.dataVersion !== input.dataVersion || entry.expiresAt.getTime() <= now) {
    await prisma.reportCacheEntry.deleteMany({ where: { id: entry.id } });
    return null;
  }
  await prisma.reportCacheEntry.updateMany({ where: { id: entry.id }, data: { lastUsedAt: new Date(now) } });
  return { contentType: entry.contentType, fileName: entry.fileName, body: entry.body };
}

/** keeps an answer, then evicts the account's least recently used entries beyond the limits */
export async function writeReportCache(
  input: { accountId: number; key: string; dataVersion: string } & CachedReport,
  now = Date.now(),
): Promise<void> {
  if (input.body.byteLength > REPORT_CACHE_LIMITS.maxEntryBytes) return;
  const prisma = db();
  const fields = {
    dataVersion: input.dataVersion,
    contentType: input.contentType,
    fileName: input.fileName,
    size: input.body.byteLength,
    body: storedBytes(input.body),
    createdAt: new Date(now),
    lastUsedAt: new Date(now),
    expiresAt: new Date(now + REPORT_CACHE_LIMITS.ttlMs),
  };
  await prisma.reportCacheEntry.upsert({
    where: { accountId_key: { accountId: input.accountId, key: input.key } },
    create: { accountId: input.accountId, key: input.key, ...fields },
    update: fields,
  });
  await evict(input.accountId);
}

async function evict(accountId: number): Promise<void> {
  const prisma = db();
  const entries = await prisma.reportCacheEntry.findMany({
    where: { accountId },
    select: { id: true, size: true },
    orderBy: [{ lastUsedAt: "desc" }, { id: "desc" }],
  });
  let bytes = 0;
  const drop: number[] = [];
  entries.forEach((entry, index) => {
    bytes += entry.size;
    if (index >= REPORT_CACHE_LIMITS.maxEntries || bytes > REPORT_CACHE_LIMITS.maxBytes) drop.push(entry.id);
  });
  if (drop.length > 0) await prisma.reportCacheEntry.deleteMany({ where: { id: { in: drop } } });
}

/** deletes expired entries; answers how many */
export async function sweepReportCache(now = Date.now()): Promise<number> {
  const { count } = await db().reportCacheEntry.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  return count;
}

/** the bytes as Prisma stores them (a copy only when they sit in a shared buffer) */
export function storedBytes(body: Uint8Array): Uint8Array<ArrayBuffer> {
  return body.buffer instanceof ArrayBuffer ? (body as Uint8Array<ArrayBuffer>) : new Uint8Array(body);
}
