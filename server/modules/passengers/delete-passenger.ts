// Deletes a passenger with their own tracking link (the schema cascades); that link is announced like a deleted
// link, so whoever watches through it is disconnected at once.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { passengerNotFound, ZPassengerRef } from "./passengers.schema";

export async function deletePassenger(input: { accountId: number; passengerId: number }): Promise<{ id: number }> {
  const { accountId, passengerId } = parseInput(ZPassengerRef, input);
  const link = await db().$transaction(async (tx) => {
    const passenger = await tx.passenger.findFirst({
      where: { id: passengerId, accountId },
      select: { trackingLink: { select: { id: true, uuid: true } } },
    });
    if (!passenger) throw passengerNotFound(passengerId);
    await tx.passenger.delete({ where: { id: passengerId } });
    return passenger.trackingLink;
  });
  if (link) await announce("tracking-link.changed", { accountId, linkId: link.id, uuid: link.uuid });
  return { id: passengerId };
}
