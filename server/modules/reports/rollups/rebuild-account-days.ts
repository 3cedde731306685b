// An account's time zone decides where its days begin, so changing it invalidates every rollup of the account: they
// are deleted and one dirty row is made for every (asset, new local day) that has a stored record, to be recomputed
// by the worker or the first report that needs them. Runs inside the caller's transaction (the zone change), so
// no report sees rollups of the old zone under the new one. The same statement backfilled existing history when the
// rollups were introduced (the migration).
import type { Prisma } from "../../../generated/prisma/client";

export async function rebuildAccountDays(tx: Prisma.TransactionClient, accountId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM asset_days WHERE asset_id IN (SELECT id FROM assets WHERE account_id = ${accountId})`;
  await tx.$executeRaw`
    INSERT INTO asset_days (asset_id, day)
    SELECT DISTINCT p.asset_id, (p.fix_time AT TIME ZONE ac.time_zone)::date
    FROM positions p JOIN assets a ON a.id = p.asset_id JOIN accounts ac ON ac.id = a.account_id
    WHERE a.account_id = ${accountId}
    ON CONFLICT DO NOTHING`;
}
