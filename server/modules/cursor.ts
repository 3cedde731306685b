// Temporary: the paging vocabulary now lives in server/modules/paging.ts. Only positions/list-position-history.ts
// still imports this path, because branch `protocols` rewrites that file; the integrator deletes this file and points
// that import at "../paging" after merging it (the architecture test's PENDING_PROTOCOL_BOUNDARY note says when).
export { decodeCursor, encodeCursor } from "./paging";
