// The totals row: a running sum per column marked `total: true`, kept while the rows stream past (memory stays flat).
// Nulls and text are skipped; a column whose every value was null totals to null, not 0.
import type { ReportColumn, ReportRow } from "../report-model";

export class ReportTotals {
  private readonly sums = new Map<string, number | null>();

  constructor(private readonly columns: ReportColumn[]) {
    for (const column of columns) if (column.total) this.sums.set(column.key, null);
  }

  get any(): boolean {
    return this.sums.size > 0;
  }

  add(row: ReportRow): void {
    for (const [key, sum] of this.sums) {
      const value = row[key];
      if (typeof value === "number" && Number.isFinite(value)) this.sums.set(key, (sum ?? 0) + value);
    }
  }

  /** the total of a column; undefined for a column without a total */
  of(key: string): number | null | undefined {
    return this.sums.has(key) ? this.sums.get(key) : undefined;
  }

  /** the totals as a row (other columns null); the first column without a total carries the word "Total" */
  row(): ReportRow {
    const row: ReportRow = {};
    let labelled = false;
    for (const column of this.columns) {
      if (column.total) row[column.key] = this.sums.get(column.key) ?? null;
      else if (!labelled) {
        row[column.key] = "Total";
        labelled = true;
      } else row[column.key] = null;
    }
    return row;
  }
}
