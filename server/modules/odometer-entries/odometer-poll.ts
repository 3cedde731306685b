// Odometer polling (spec limit "Odometer polling: every 2 hours"; docs/fleet-records.md "Odometer polling"): every
// 2-hour slot, each vehicle's odometer is written as an odometer entry with source poll, once per vehicle per slot
// across all nodes. Every node runs the worker; a pass claims vehicles in batches with one compare-and-set statement
// (odometer_poll_claims.slot moves forward to the current slot only where it is behind), so each vehicle is claimed
// by exactly one node per slot; the unique (asset_id, poll_slot) index backs that up.
//
// The value is the newest record's CAN odometer (canTotalMileage) when the tracker sends one, else the tracker's own
// odometer (Teltonika IO 16, GT06 mileage), else the distance the server adds up from GPS; read_at is that record's
// fix time. Nothing is written when there is no newer record than the last poll reading (a vehicle that is off or
// offline), nor when the reading would break the sequence rule (lower than an earlier reading or higher than a later
// one: the tracker's odometer disagrees with readings people entered; the poll never marks resets itself, a person
// records the reset). A node that stops after claiming a batch leaves those vehicles unpolled in that slot: the next
// slot polls them.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { db } from "../../db/client";
import { isAppError } from "../../errors";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import type { LivePosition } from "../positions/live-position";
import { isUniqueViolation } from "../parse-input";
import { checkPlacement, lockAssetOdometer } from "./odometer-ledger";
import type { Meter } from "./tracker-check";

/** the spec's interval; a constant like the spec's other limits, not a setting */
export const ODOMETER_POLL_INTERVAL_MS = 2 * 3_600_000;
/** how often a node looks whether a new slot has begun */
const CHECK_EVERY_MS = 60_000;
const BATCH = 200;

export const pollSlotOf = (now: number) => Math.floor(now / ODOMETER_POLL_INTERVAL_MS);

export interface PollResult {
  claimed: number;
  written: number;
  /** no newer record, no odometer, or a reading out of sequence */
  skipped: number;
}

const positiveNumber = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null);

/** the odometer of the newest record: CAN, else the tracker's own, else the server's GPS distance */
export function polledOdometer(payload: Partial<Pick<LivePosition, "sensors" | "ioData">> | null, stateOdometer: number | null): { valueM: number; meter: Meter } | null {
  const can = positiveNumber(payload?.sensors?.canTotalMileage) ?? positiveNumber(payload?.ioData?.canTotalMileage);
  if (can !== null) return { valueM: Math.round(can), meter: "can" };
  const tracker = positiveNumber(payload?.ioData?.totalOdometer);
  if (tracker !== null) return { valueM: Math.round(tracker), meter: "tracker" };
  const gps = positiveNumber(stateOdometer);
  return gps === null ? null : { valueM: Math.round(gps), meter: "gps" };
}

/** one pass over every vehicle for the slot of `now`; `prisma` is this node's database client */
export async function pollOdometers(options: { now: number; prisma?: Db; stopping?: () => boolean; logger?: Logger }): Promise<PollResult> {
  const prisma = options.prisma ?? db();
  const slot = pollSlotOf(options.now);
  const result: PollResult = { claimed: 0, written: 0, skipped: 0 };
  let after = 0;
  while (!options.stopping?.()) {
    const candidates = await prisma.$queryRaw<Array<{ asset_id: number }>>`
      SELECT s.asset_id FROM asset_states s WHERE s.asset_id > ${after} ORDER BY s.asset_id LIMIT ${BATCH}`;
    if (candidates.length === 0) break;
    after = candidates[candidates.length - 1]!.asset_id;
    const ids = candidates.map((row) => row.asset_id);
    // the claim: a vehicle is this node's for the slot only when this statement moved its slot forward
    const claimed = await prisma.$queryRaw<Array<{ asset_id: number }>>`
      INSERT INTO odometer_poll_claims (asset_id, slot, claimed_at)
      SELECT id, ${slot}, now() FROM unnest(${ids}::int[]) AS id
      ON CONFLICT (asset_id) DO UPDATE SET slot = EXCLUDED.slot, claimed_at = EXCLUDED.claimed_at
        WHERE odometer_poll_claims.slot < EXCLUDED.slot
      RETURNING asset_id`;
    result.claimed += claimed.length;
    for (const { asset_id: assetId } of claimed) {
      if (await pollOne(prisma, assetId, slot, options.logger)) result.written++;
      else result.skipped++;
    }
  }
  return result;
}

async function pollOne(prisma: Db, assetId: number, slot: number, logger?: Logger): Promise<boolean> {
  const state = await prisma.assetState.findUnique({
    where: { assetId },
    select: { fixTime: true, odometer: true, payload: true, asset: { select: { accountId: true } } },
  });
  const reading = state ? polledOdometer(state.payload as Partial<LivePosition> | null, state.odometer) : null;
  if (!state || !reading) return false;
  const lastPoll = await prisma.odometerEntry.findFirst({ where: { assetId, source: "poll" }, orderBy: { readAt: "desc" }, select: { readAt: true } });
  if (lastPoll && lastPoll.readAt.getTime() >= state.fixTime.getTime()) return false;
  try {
    await prisma.$transaction(async (tx) => {
      await lockAssetOdometer(tx, assetId);
      await checkPlacement(tx, { assetId, at: state.fixTime, valueM: reading.valueM, isReset: false }, "value_km");
      await tx.odometerEntry.create({
        data: {
          accountId: state.asset.accountId,
          assetId,
          readAt: state.fixTime,
          valueM: reading.valueM,
          source: "poll",
          pollSlot: slot,
          trackerValueM: reading.valueM,
          trackerMeter: reading.meter,
        },
      });
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    if (isAppError(error) && error.code === "ODOMETER_OUT_OF_SEQUENCE") {
      logger?.debug({ assetId, slot, reason: error.message }, "odometer poll reading out of sequence: not written");
      return false;
    }
    throw error;
  }
}

/** every node runs one: a pass at the first check of each new slot */
export function startOdometerPollWorker(options: { logger: Logger; pollMs?: number; autostart?: boolean; now?: () => number; prisma?: Db }): PollingWorker {
  const now = options.now ?? Date.now;
  let doneSlot = -1;
  return startPollingWorker({
    name: "odometer poll",
    logger: options.logger,
    pollMs: options.pollMs ?? CHECK_EVERY_MS,
    autostart: options.autostart,
    async pass(stopping) {
      const at = now();
      const slot = pollSlotOf(at);
      if (slot === doneSlot) return 0;
      const result = await pollOdometers({ now: at, prisma: options.prisma, stopping, logger: options.logger });
      if (!stopping()) doneSlot = slot;
      if (result.claimed > 0) options.logger.info({ slot, ...result }, "odometers polled");
      return result.written;
    },
  });
}
