// A report's data version (docs/reports-engine.md "Data version"): a short string that changes whenever anything the
// report shows inside its range may have changed, so a cached report is served only while it is the same. Made of:
//   - the day rollups the range touches: their count and the sum of their versions (a version only goes up, and
//     goes up when a clean day receives a record: a late record, a trip closing). While any of those days is stale
//     (records arrived that no recompute has seen yet), the version is unique to this call: nothing is cached
//     until the day is recomputed (at most about a minute for the current day, at once for older ones);
//   - the alerts of the assets inside the range: count and newest id;
//   - the account's report-input stamp (bumped when geofences, alert rules, drivers, authorised drivers or the time
//     zone change) and time zone, and the newest update of the asked assets (a renamed asset).
// Four small indexed reads; no position is read.
import { createHash, randomUUID } from "node:crypto";
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import type { ReportRequest } from "../report-model";
import { daysCovering } from "../rollups/local-days";

export async function readDataVersion(request: ReportRequest): Promise<string> {
  const ids = [...new Set(request.assetIds)].sort((a, b) => a - b);
  const account = await db().account.findUnique({ where: { id: request.accountId }, select: { timeZone: true } });
  const timeZone = account?.timeZone ?? "UTC";
  const days = daysCovering(request.from.getTime(), request.to.getTime(), timeZone);
  const idList = ids.length > 0 ? Prisma.join(ids) : Prisma.sql`NULL`;
  const [rollups, alerts, stamp, assets] = await Promise.all([
    days.length === 0
      ? Promise.resolve([{ n: 0n, versions: 0n, stale: false }])
      : db().$queryRaw<{ n: bigint; versions: bigint | null; stale: boolean | null }[]>`
          SELECT count(*) AS n, sum(version)::bigint AS versions, bool_or(dirty OR computed_version <> version) AS stale
          FROM asset_days WHERE asset_id IN (${idList}) AND day >= ${days[0]}::date AND day <= ${days.at(-1)}::date`,
    db().$queryRaw<{ n: bigint; newest: number | null }[]>`
      SELECT count(*) AS n, max(id) AS newest FROM alerts
      WHERE account_id = ${request.accountId} AND asset_id IN (${idList})
        AND fired_at >= ${request.from} AND fired_at < ${request.to}`,
    db().reportInputStamp.findUnique({ where: { accountId: request.accountId }, select: { stamp: true } }),
    db().asset.aggregate({ where: { id: { in: ids }, accountId: request.accountId }, _max: { updatedAt: true }, _count: true }),
  ]);
  const r = rollups[0]!;
  const a = alerts[0]!;
  const parts = [
    timeZone,
    `d${r.n}:${r.versions ?? 0}`,
    `a${a.n}:${a.newest ?? 0}`,
    `s${stamp?.stamp ?? 0}`,
    `x${assets._count}:${assets._max.updatedAt?.getTime() ?? 0}`,
  ];
  if (r.stale) parts.push(`stale:${randomUUID()}`);
  return createHash("sha256").update(parts.join("|")).digest("base64url").slice(0, 22);
}
