// The spec's import job result, built field by field from the stored job (the rows of a pending job never leave it).
import type { ImportJob } from "../../generated/prisma/client";
import type { ImportJobResult, ImportRowError, ImportStats } from "./imports.schema";

export type ImportJobRecord = Pick<ImportJob, "id" | "target" | "status" | "source" | "rowCount" | "stats" | "errors" | "createdIds" | "finishedAt">;

export const IMPORT_JOB_SELECT = {
  id: true,
  target: true,
  status: true,
  source: true,
  rowCount: true,
  stats: true,
  errors: true,
  createdIds: true,
  finishedAt: true,
} as const;

export function toImportJobResult(job: ImportJobRecord): ImportJobResult {
  return {
    id: job.id,
    target: job.target,
    status: job.status,
    source: job.source,
    rows: job.rowCount,
    stats: job.stats as unknown as ImportStats,
    errors: job.errors as unknown as ImportRowError[],
    created_ids: job.createdIds,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}
