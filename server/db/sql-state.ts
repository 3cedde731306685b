// The PostgreSQL error code (SQLSTATE) behind a failed query, as Prisma's driver adapters report it for PostgreSQL
// and PGlite alike, and whether it blames the data rather than the database: class 22 (data exception: a value out
// of range, malformed) or 23 (integrity constraint: a missing referenced row, a duplicate key). Such a failure is
// the one row's fault and retrying it cannot help; any other failure (connection lost, timeout) is the database's.
export function sqlStateOf(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta;
  const code = meta?.driverAdapterError?.cause?.originalCode ?? (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function isDataError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && (state.startsWith("22") || state.startsWith("23"));
}
