// An import job as the dashboard shows it: the spec's job result plus who started it, from where (label, connected
// spreadsheet), when, and how far a pending job has come. Built field by field; the rows of a pending job never
// leave the server.
import type { Prisma } from "../../generated/prisma/client";
import { IMPORT_JOB_SELECT, toImportJobResult } from "./import-job-result";
import type { ImportJobResult } from "./imports.schema";

export interface ImportJobView extends ImportJobResult {
  label: string | null;
  spreadsheet_source_id: number | null;
  created_at: string;
  user: { id: number; name: string };
  /** progress of a pending job: items (routes, runs or passengers) done of all */
  progress: { processed: number; items: number } | null;
}

export const IMPORT_JOB_VIEW_SELECT = {
  ...IMPORT_JOB_SELECT,
  label: true,
  spreadsheetSourceId: true,
  createdAt: true,
  processed: true,
  user: { select: { id: true, name: true } },
} as const satisfies Prisma.ImportJobSelect;

export type ImportJobViewRecord = Prisma.ImportJobGetPayload<{ select: typeof IMPORT_JOB_VIEW_SELECT }>;

/** `items` is the number of items a pending job holds (read with jsonb_array_length, not by loading its rows) */
export function toImportJobView(job: ImportJobViewRecord, items: number | null): ImportJobView {
  return {
    ...toImportJobResult(job),
    label: job.label,
    spreadsheet_source_id: job.spreadsheetSourceId,
    created_at: job.createdAt.toISOString(),
    user: job.user,
    progress: job.status === "pending" && items !== null ? { processed: job.processed, items } : null,
  };
}
