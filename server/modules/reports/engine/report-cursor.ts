// A report's cursor: base64url of JSON {a: asset id, k: the last row's sort key within the asset}. Rows are ordered
// by asset (the request's ids ascending), then by a key of the type (a trip's start, an alert's time and id, a day).
import { AppError } from "../../../errors";

export type RowKey = number | string | [number, number];

export interface ReportCursor {
  a: number;
  k: RowKey;
}

export function encodeReportCursor(cursor: ReportCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeReportCursor(text: string): ReportCursor {
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<ReportCursor>;
    const keyOk =
      typeof value.k === "number" ||
      typeof value.k === "string" ||
      (Array.isArray(value.k) && value.k.length === 2 && value.k.every((n) => typeof n === "number"));
    if (typeof value.a === "number" && Number.isInteger(value.a) && keyOk) return { a: value.a, k: value.k! };
  } catch {
    // falls through to the refusal
  }
  throw new AppError("REPORT_CURSOR_INVALID", "cursor must be a next_cursor value from a previous page of this report");
}

/** true when key `a` sorts after `b` */
export function keyAfter(a: RowKey, b: RowKey): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  return a > b;
}
