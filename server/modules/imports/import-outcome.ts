// What importing some rows produced, added up across the rows of a call or the chunks of a large job.
import type { ImportRowError, ImportStats } from "./imports.schema";

export class ImportOutcome {
  readonly stats: ImportStats = { created: 0, updated: 0, skipped: 0, failed: 0 };
  readonly errors: ImportRowError[] = [];
  readonly createdIds: number[] = [];

  created(id: number, listed: boolean) {
    this.stats.created++;
    if (listed) this.createdIds.push(id);
  }
  updated() {
    this.stats.updated++;
  }
  skipped() {
    this.stats.skipped++;
  }
  failed(error: ImportRowError) {
    this.stats.failed++;
    this.errors.push(error);
  }
}
