// After the wanted list or setting changed (inside the caller's transaction): bumps the revision, resets the retry
// bookkeeping and sets the state: synced when the device already holds exactly this, syncing when a node holds the
// tracker's session (it pushes at once), otherwise out_of_sync until the device is heard again. Then, after the
// commit, `announceChange` tells every node; the one holding the session pushes the difference.
import type { Db } from "../../db/client";
import { hubIfCreated } from "../../hub";
import { log } from "../../log";
import { inSync, readWanted, syncSelect, type SyncRow } from "./authorised-driver-records";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export async function recordWantedChange(
  tx: Tx,
  input: { accountId: number; assetId: number; immobiliser?: boolean },
): Promise<SyncRow> {
  const { accountId, assetId } = input;
  const current = await tx.authorisedDriverSync.upsert({
    where: { assetId },
    create: { assetId, accountId, immobiliser: input.immobiliser ?? false, revision: 1 },
    update: { revision: { increment: 1 }, ...(input.immobiliser === undefined ? {} : { immobiliser: input.immobiliser }) },
    select: syncSelect,
  });
  const wanted = await readWanted(assetId, tx);
  const synced = inSync(wanted, current);
  return tx.authorisedDriverSync.update({
    where: { assetId },
    data: synced
      ? { state: "synced", attempts: 0, nextAttemptAt: null, lastErrorCode: null, lastError: null, syncedAt: new Date() }
      : {
          state: current.state === "syncing" || current.sessionNode ? "syncing" : "out_of_sync",
          attempts: 0,
          nextAttemptAt: new Date(),
        },
    select: syncSelect,
  });
}

export async function announceChange(accountId: number, assetId: number): Promise<void> {
  const current = hubIfCreated();
  if (!current) return;
  try {
    await current.publish("authorised-drivers.changed", { accountId, assetId });
  } catch (error) {
    // the retry sweep of the node holding the session picks the change up at its next pass (next_attempt_at is now)
    log("authorised-drivers").error({ err: error, assetId }, "could not publish authorised-drivers.changed");
  }
}
