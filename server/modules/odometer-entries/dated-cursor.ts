// Cursors of lists ordered newest first by (time, id): base64url of "<epoch ms>.<id>" of the last row shown.
import { AppError } from "../../errors";

export function encodeDatedCursor(at: Date, id: number): string {
  return Buffer.from(`${at.getTime()}.${id}`).toString("base64url");
}

export function decodeDatedCursor(cursor: string): { at: Date; id: number } {
  const match = /^(-?\d{1,15})\.(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || encodeDatedCursor(new Date(Number(match[1])), Number(match[2])) !== cursor) {
    throw new AppError("VALIDATION_FAILED", "cursor: not a cursor from this list", [{ field: "cursor", message: "not a cursor from this list" }]);
  }
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}

/** the Prisma `where` of the rows after the cursor, newest first by (`field`, id) */
export function afterCursor<F extends string>(field: F, cursor: string | null | undefined) {
  if (!cursor) return {};
  const { at, id } = decodeDatedCursor(cursor);
  return { OR: [{ [field]: { lt: at } }, { [field]: at, id: { lt: id } }] } as Record<string, unknown>;
}

/** the page of rows read with `take: limit + 1`, newest first */
export function datedPage<R extends { id: number }, T>(rows: R[], limit: number, timeOf: (row: R) => Date, toDto: (row: R) => T) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { data: page.map(toDto), next_cursor: rows.length > limit && last ? encodeDatedCursor(timeOf(last), last.id) : null };
}
