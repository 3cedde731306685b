// The paging vocabulary every list shares (assets, history, trips, rules, REST and tRPC alike): page sizes, the
// cursor and limit schemas, and the cursors themselves, which are opaque to clients: base64url of the last sort key
// seen (an id, or a time in epoch ms). Paging is domain vocabulary, not transport, so REST, tRPC and the use cases
// all import it from here.
import { z } from "zod";
import { AppError } from "../errors";

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;
const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** Opaque cursors are base64url; anything else is refused before it reaches the use case. */
export const ZCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, "must be a next_cursor value from a previous page")
  .meta({ description: "next_cursor of the previous page." });

/** A REST list's query string: `?cursor=…&limit=…` (limit arrives as text). */
export const ZPageQuery = z.object({
  cursor: ZCursor.optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .optional()
    .meta({ description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).` }),
});

/** A tRPC list procedure's input (the account comes from the context). */
export const ZPageInput = z.object({
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

/** A list use case's input: one account's rows, a page at a time. */
export const ZListPage = z.object({
  accountId: z.number().int().positive(),
  cursor: z.string().nullish(),
  // coerced: REST passes ?limit=50 as a string
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type ListPageInput = z.input<typeof ZListPage>;

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
