// Cursor pagination shared by every list (assets, history, trips): cursors are opaque to clients, base64url of the
// last sort key seen (an id, or a time in epoch ms).
import { AppError } from "../errors";

export function encodeCursor(lastId: number): string {
  return Buffer.from(String(lastId)).toString("base64url");
}

export function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!Number.isSafeInteger(id) || id < 0 || encodeCursor(id) !== cursor) {
    throw new AppError("VALIDATION_FAILED", "cursor: not a cursor from this list", [
      { field: "cursor", message: "not a cursor from this list" },
    ]);
  }
  return id;
}

/**
 * The page of rows read with `take: limit + 1` in id order (either direction): the extra row only tells that another
 * page exists, and the last id shown is the next page's cursor.
 */
export function pageById<R extends { id: number }, T>(
  rows: R[],
  limit: number,
  toDto: (row: R) => T,
): { data: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  return { data: page.map(toDto), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.id) : null };
}
