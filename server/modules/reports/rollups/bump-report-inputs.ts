// The account-wide part of a report's data version (engine/data-version.ts): bumped by every use case that edits
// something reports show besides positions and alerts (geofences, alert rules, drivers, authorised drivers, the time
// zone), so a cached report of the account is recomputed. One small upsert, in the edit's transaction when it has one.
import { db } from "../../../db/client";
import type { Prisma } from "../../../generated/prisma/client";

export async function bumpReportInputs(accountId: number, tx?: Prisma.TransactionClient): Promise<void> {
  await (tx ?? db()).$executeRaw`
    INSERT INTO report_input_stamps (account_id, stamp, updated_at) VALUES (${accountId}, 1, now())
    ON CONFLICT (account_id) DO UPDATE SET stamp = report_input_stamps.stamp + 1, updated_at = now()`;
}
