// Who checks a connected spreadsheet: whoever moves its `claimed_until` forward first (compare-and-set), the
// worker of any node or a "check now" request. The claim outlives the longest check (fetch timeout plus up to 500
// rows imported at once); a node that died mid-check leaves a claim that lapses, and the source is checked again.
// Releasing the claim schedules the next check 30 minutes on (the spec's interval).
import { db } from "../../../db/client";
import { checkSpreadsheetSource, loadClaimedSource, type SpreadsheetCheck } from "./check-spreadsheet-source";

/** the spec's "connected spreadsheet source check: every 30 minutes" */
export const SPREADSHEET_CHECK_INTERVAL_MS = 30 * 60_000;
/** a claim not released for this long is taken over */
export const SPREADSHEET_CLAIM_MS = 5 * 60_000;

const SERVER_FAILURE = "the check failed on the server; it is tried again at the next check";

/** moves the source's claim forward if nobody holds it; the new claim's end, or null when someone else holds it */
export async function claimSource(id: number, now = new Date()): Promise<Date | null> {
  const prisma = db();
  const current = await prisma.spreadsheetSource.findUnique({ where: { id }, select: { claimedUntil: true } });
  if (!current || (current.claimedUntil && current.claimedUntil > now)) return null;
  const claimedUntil = new Date(now.getTime() + SPREADSHEET_CLAIM_MS);
  const { count } = await prisma.spreadsheetSource.updateMany({ where: { id, claimedUntil: current.claimedUntil }, data: { claimedUntil } });
  return count === 1 ? claimedUntil : null;
}

/** checks a source this caller has claimed, then releases the claim and schedules the next check */
export async function runClaimedCheck(id: number, claimedUntil: Date, options: { allowPrivate: boolean; onQueued?: (jobId: number) => void }): Promise<SpreadsheetCheck | null> {
  const prisma = db();
  const source = await loadClaimedSource(id);
  if (!source) return null; // removed meanwhile
  let result: Awaited<ReturnType<typeof checkSpreadsheetSource>>;
  try {
    result = await checkSpreadsheetSource(source, options);
  } catch (error) {
    // an unexpected failure (database down ...): the details go to the log, the source shows that it failed
    await release(id, claimedUntil, { lastCheckedAt: new Date(), lastError: SERVER_FAILURE }).catch(() => undefined);
    throw error;
  }
  await release(id, claimedUntil, result.update);
  return result.check;
}

async function release(id: number, claimedUntil: Date, update: { lastCheckedAt: Date; lastError: string | null; contentHash?: string }) {
  await db().spreadsheetSource.updateMany({
    where: { id, claimedUntil }, // still ours
    data: { ...update, claimedUntil: null, nextCheckAt: new Date(update.lastCheckedAt.getTime() + SPREADSHEET_CHECK_INTERVAL_MS) },
  });
}
