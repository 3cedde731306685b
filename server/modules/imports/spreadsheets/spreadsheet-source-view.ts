// A connected spreadsheet as the dashboard lists it, built field by field, with its latest import job.
import type { Prisma } from "../../../generated/prisma/client";
import type { ImportStats } from "../imports.schema";
import type { SpreadsheetSourceView } from "./spreadsheet-sources.schema";

export const SPREADSHEET_SOURCE_SELECT = {
  id: true,
  target: true,
  url: true,
  columnMap: true,
  active: true,
  lastCheckedAt: true,
  lastError: true,
  nextCheckAt: true,
  createdAt: true,
  user: { select: { id: true, name: true } },
  jobs: { select: { id: true, status: true, stats: true, rowCount: true, createdAt: true }, orderBy: { id: "desc" }, take: 1 },
} as const satisfies Prisma.SpreadsheetSourceSelect;

type SourceRecord = Prisma.SpreadsheetSourceGetPayload<{ select: typeof SPREADSHEET_SOURCE_SELECT }>;

export function toSpreadsheetSourceView(source: SourceRecord): SpreadsheetSourceView {
  const job = source.jobs[0];
  return {
    id: source.id,
    target: source.target,
    url: source.url,
    column_map: source.columnMap as Record<string, string>,
    active: source.active,
    last_checked_at: source.lastCheckedAt?.toISOString() ?? null,
    last_error: source.lastError,
    next_check_at: source.nextCheckAt.toISOString(),
    created_at: source.createdAt.toISOString(),
    user: source.user,
    last_job: job ? { id: job.id, status: job.status, stats: job.stats as unknown as ImportStats, rows: job.rowCount, created_at: job.createdAt.toISOString() } : null,
  };
}
