// Whether a dashboard session may still be used. Sessions are signed JWT cookies (next-auth), which the server cannot
// delete; instead every user has an instant before which all their sessions count as ended (`sessions_valid_after`),
// set by a password change, "sign out everywhere" and the operator's `fleet user revoke-sessions`. A session carries
// the time its user signed in (`authAt`, kept across next-auth's daily re-signing), and every use compares the two.
//
// Every dashboard request asks, so the instant is cached per process for a few seconds: a revocation takes effect at
// once on the node that made it (it forgets its entry) and within SESSION_CHECK_CACHE_MS on the others.
import { db } from "../../db/client";

export const SESSION_CHECK_CACHE_MS = 5_000;
/** entries kept at most; past it the cache starts over (one read per active user is cheap) */
const CACHE_MAX_ENTRIES = 10_000;

interface CachedUser {
  /** null: never revoked; "deleted": the user no longer exists */
  validAfterMs: number | null | "deleted";
  readAtMs: number;
}

const store = globalThis as unknown as { __fleetlineSessionChecks?: Map<number, CachedUser> };
const cache = () => (store.__fleetlineSessionChecks ??= new Map());

/**
 * True when a session of `userId` that signed in at `authAtMs` is still valid. A session without a sign-in time
 * (issued before revocation existed) is valid until the user's first revocation.
 */
export async function isSessionCurrent(input: { userId: number; authAtMs: number | null; nowMs?: number }): Promise<boolean> {
  const nowMs = input.nowMs ?? Date.now();
  let entry = cache().get(input.userId);
  // an entry read "in the future" (the clock stepped back) counts as stale too
  if (!entry || nowMs < entry.readAtMs || nowMs - entry.readAtMs >= SESSION_CHECK_CACHE_MS) {
    const user = await db().user.findUnique({ where: { id: input.userId }, select: { sessionsValidAfter: true } });
    entry = { validAfterMs: user ? (user.sessionsValidAfter?.getTime() ?? null) : "deleted", readAtMs: nowMs };
    if (cache().size >= CACHE_MAX_ENTRIES) cache().clear();
    cache().set(input.userId, entry);
  }
  if (entry.validAfterMs === "deleted") return false;
  if (entry.validAfterMs === null) return true;
  return input.authAtMs !== null && input.authAtMs >= entry.validAfterMs;
}

/** Drops this process's cached instant of one user (after changing it here). */
export function forgetSessionCheck(userId: number): void {
  cache().delete(userId);
}
