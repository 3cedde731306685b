// One check of a connected spreadsheet (by the worker every 30 minutes, or "check now"): fetch it, and when its
// content changed since the last import (SHA-256 of the bytes), map it with the saved columns and import it as the
// person who connected it (source "spreadsheet", like an upload: up to 500 rows at once, more as a pending job).
// A fetch, sheet or whole-call problem is recorded as the source's last error and nothing is imported; the hash is
// kept, so the next check tries again. The caller holds the source's claim (spreadsheet-claim.ts).
import { isAppError } from "../../../errors";
import { db } from "../../../db/client";
import { importRows } from "../import-rows";
import type { ImportTarget } from "../imports.schema";
import { SheetError } from "../sheet/sheet-table";
import { sheetToRows } from "../sheet/sheet-to-rows";
import { readSpreadsheet } from "./read-spreadsheet";

export interface ClaimedSource {
  id: number;
  accountId: number;
  userId: number;
  target: ImportTarget;
  url: string;
  columnMap: unknown;
  contentHash: string | null;
}

export type SpreadsheetCheck =
  | { outcome: "imported"; jobId: number }
  | { outcome: "unchanged" }
  | { outcome: "error"; error: string };

/** what a check left the source with; the claim's release (spreadsheet-claim.ts) writes it */
export interface SourceUpdate {
  lastCheckedAt: Date;
  lastError: string | null;
  contentHash?: string;
}

export async function checkSpreadsheetSource(
  source: ClaimedSource,
  options: { allowPrivate: boolean; onQueued?: (jobId: number) => void },
): Promise<{ check: SpreadsheetCheck; update: SourceUpdate }> {
  const checkedAt = new Date();
  const failed = (error: string) => ({ check: { outcome: "error", error } as const, update: { lastCheckedAt: checkedAt, lastError: error } });
  const read = await readSpreadsheet(source.url, { allowPrivate: options.allowPrivate, accountId: source.accountId });
  if (!read.ok) return failed(read.reason);
  if (read.sha256 === source.contentHash) return { check: { outcome: "unchanged" }, update: { lastCheckedAt: checkedAt, lastError: null } };
  try {
    const { rows } = sheetToRows(source.target, read.table, source.columnMap as Record<string, string>);
    const { result } = await importRows({
      accountId: source.accountId,
      userId: source.userId,
      source: "spreadsheet",
      label: new URL(source.url).host,
      spreadsheetSourceId: source.id,
      body: { target: source.target, rows },
      onQueued: options.onQueued,
    });
    return { check: { outcome: "imported", jobId: result.id }, update: { lastCheckedAt: checkedAt, lastError: null, contentHash: read.sha256 } };
  } catch (error) {
    if (error instanceof SheetError || isAppError(error)) return failed(error.message);
    throw error;
  }
}

/** the source's row, as a check needs it */
export function loadClaimedSource(id: number): Promise<ClaimedSource | null> {
  return db().spreadsheetSource.findUnique({
    where: { id },
    select: { id: true, accountId: true, userId: true, target: true, url: true, columnMap: true, contentHash: true },
  });
}
