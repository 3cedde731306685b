// A passenger's stops come from their route: a stop of another route, or of another account, is refused under the
// field without saying whether it exists. A pick-up is not chosen at a drop-off-only stop, nor the other way round.
// Only a stop being changed is checked, so editing a passenger an import placed oddly never blocks other fields.
import type { Prisma } from "../../generated/prisma/client";
import { AppError, type FieldError } from "../../errors";

type Choice = number | null | undefined;

export async function ensurePassengerStops(
  tx: Prisma.TransactionClient,
  routeId: number,
  chosen: { pickupStopId?: Choice; dropoffStopId?: Choice },
  current: { pickupStopId: number | null; dropoffStopId: number | null } = { pickupStopId: null, dropoffStopId: null },
): Promise<void> {
  const changed = (field: "pickupStopId" | "dropoffStopId") => {
    const id = chosen[field];
    return id !== undefined && id !== null && id !== current[field] ? id : null;
  };
  const pickup = changed("pickupStopId");
  const dropoff = changed("dropoffStopId");
  if (pickup === null && dropoff === null) return;
  const stops = await tx.routeStop.findMany({
    where: { routeId, id: { in: [pickup, dropoff].filter((id): id is number => id !== null) } },
    select: { id: true, name: true, kind: true },
  });
  const errors: FieldError[] = [];
  const check = (field: "pickupStopId" | "dropoffStopId", id: number | null, refused: "drop_off" | "pick_up", words: string) => {
    if (id === null) return;
    const stop = stops.find((s) => s.id === id);
    if (!stop) errors.push({ field, message: "is not a stop of this passenger's route" });
    else if (stop.kind === refused) errors.push({ field, message: `"${stop.name}" is ${words}; choose a stop marked both or ${field === "pickupStopId" ? "pick-up" : "drop-off"}` });
  };
  check("pickupStopId", pickup, "drop_off", "a drop-off stop");
  check("dropoffStopId", dropoff, "pick_up", "a pick-up stop");
  if (errors.length > 0) throw new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}
