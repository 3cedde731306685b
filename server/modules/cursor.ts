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
