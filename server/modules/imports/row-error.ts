// A problem with one import row: it leaves that row out (with this row number, field and reason in the job's
// `errors`) while the other rows go in.
import type { Parsed } from "../values/parsed";

export class RowError extends Error {
  constructor(
    readonly row: number,
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** the parsed value, or a RowError naming the row and field */
export function take<T>(result: Parsed<T>, row: number, field: string): T {
  if (!result.ok) throw new RowError(row, field, result.reason);
  return result.value;
}
