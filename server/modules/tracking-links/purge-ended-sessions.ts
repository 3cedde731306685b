// Viewer sessions and access codes are kept only while they can be used: afterwards they are deleted in small
// batches, so the tables stay the size of the current audience and nothing about past viewers lingers.
import { db } from "../../db/client";

/** rows removed per statement, so a large backlog never holds a long lock */
const BATCH = 1000;

export async function purgeEndedSessions(now = Date.now()): Promise<{ sessions: number; codes: number }> {
  const before = new Date(now);
  let sessions = 0;
  let codes = 0;
  for (;;) {
    const ended = await db().viewerSession.findMany({ where: { expiresAt: { lt: before } }, select: { id: true }, take: BATCH });
    if (ended.length === 0) break;
    sessions += (await db().viewerSession.deleteMany({ where: { id: { in: ended.map((row) => row.id) } } })).count;
    if (ended.length < BATCH) break;
  }
  for (;;) {
    const stale = await db().trackingAccessCode.findMany({
      where: { OR: [{ expiresAt: { lt: before } }, { consumedAt: { not: null } }] },
      select: { id: true },
      take: BATCH,
    });
    if (stale.length === 0) break;
    codes += (await db().trackingAccessCode.deleteMany({ where: { id: { in: stale.map((row) => row.id) } } })).count;
    if (stale.length < BATCH) break;
  }
  return { sessions, codes };
}
