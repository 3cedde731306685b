// Listens to the positions stored on this node (the tracker service's local hub) for what the CAN adapter reports:
//   - AVL IO 100 (canProgramNumber): the program number it holds (0: none) -> the tracker's reported number;
//   - canSsfCarIsClosed: the central lock's state -> confirms an awaiting LOCK (closed) or UNLOCK (open) sent before
//     the record's fix time (docs/vehicle-control.md "Command states").
import type { Logger } from "pino";
import { db } from "../../db/client";
import type { Hub } from "../../hub";
import type { LivePosition } from "../positions/live-position";
import { AWAITING } from "./control-actions";
import { finishCommand } from "./control-commands";

const truthy = (value: unknown) => value === true || value === 1;

/** the lock state a LOCK or UNLOCK leads to */
const LOCK_STATE: Record<string, boolean> = { LOCK: true, UNLOCK: false };

/**
 * Confirms a just-recorded LOCK or UNLOCK from the newest stored record when that already shows the vehicle in the
 * state the command leads to, with a fix time at or after the command was written: a vehicle can report its new
 * state before the command's row exists, and the observer below would then have found nothing to confirm.
 */
export async function confirmFromStoredState(command: { id: number; assetId: number; action: string; sentAt: Date }): Promise<void> {
  const wanted = LOCK_STATE[command.action];
  if (wanted === undefined) return;
  const state = await db().assetState.findUnique({ where: { assetId: command.assetId }, select: { fixTime: true, payload: true } });
  const io = (state?.payload as LivePosition | undefined)?.ioData ?? {};
  if (!state || state.fixTime < command.sentAt || !("canSsfCarIsClosed" in io)) return;
  if (truthy(io.canSsfCarIsClosed) === wanted) await finishCommand(command.id, { state: "confirmed", confirmedBy: "vehicle_state" });
}

export function observeAdapterReports(options: { local: Hub; logger: Logger }): () => void {
  // the number last written per tracker, so that a record every few seconds does not write the same number again
  const known = new Map<number, number | null>();

  async function recordProgramNumber(position: LivePosition, reported: number) {
    const number = reported > 0 ? reported : null;
    if (known.get(position.trackerId) === number) return;
    await db().tracker.update({
      where: { id: position.trackerId },
      data: { adapterProgramNumber: number, adapterProgramReportedAt: new Date(position.dateUpdated) },
    });
    known.set(position.trackerId, number);
  }

  async function confirmByLockState(position: LivePosition, closed: boolean) {
    const awaiting = await db().controlCommand.findMany({
      where: {
        assetId: position.assetId,
        state: AWAITING,
        action: closed ? "LOCK" : "UNLOCK",
        deliveredAt: { lte: new Date(position.dateUpdated) },
      },
      select: { id: true },
    });
    for (const command of awaiting) await finishCommand(command.id, { state: "confirmed", confirmedBy: "vehicle_state" });
  }

  return options.local.subscribe("position", (position) => {
    const io = position.ioData ?? {};
    const work: Promise<void>[] = [];
    if (typeof io.canProgramNumber === "number") work.push(recordProgramNumber(position, io.canProgramNumber));
    if ("canSsfCarIsClosed" in io) work.push(confirmByLockState(position, truthy(io.canSsfCarIsClosed)));
    if (work.length === 0) return;
    Promise.all(work).catch((error) =>
      options.logger.error({ err: error, trackerId: position.trackerId }, "CAN adapter report not recorded"),
    );
  });
}
