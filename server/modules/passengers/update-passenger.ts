// Edits a passenger: details, contact, stops (from their route) and approval. Undefined fields stay as they are;
// null or "" clears one. The opt-out is cleared by its own call (clear-passenger-opt-out.ts), never by an edit.
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { ensureExternalIdFree } from "./external-id-free";
import { ensurePassengerStops } from "./passenger-stops";
import { externalIdTaken, type PassengerDto, passengerNotFound, passengerSelect, toPassengerDto, type UpdatePassengerInput, ZUpdatePassenger } from "./passengers.schema";

export async function updatePassenger(input: UpdatePassengerInput): Promise<PassengerDto> {
  const { accountId, passengerId, ...fields } = parseInput(ZUpdatePassenger, input);
  try {
    return await db().$transaction(async (tx) => {
      const current = await tx.passenger.findFirst({
        where: { id: passengerId, accountId },
        select: { routeId: true, pickupStopId: true, dropoffStopId: true },
      });
      if (!current) throw passengerNotFound(passengerId);
      await ensurePassengerStops(tx, current.routeId, fields, current);
      await ensureExternalIdFree(tx, accountId, fields.externalId, passengerId);
      const data = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      return toPassengerDto(await tx.passenger.update({ where: { id: passengerId }, data, select: passengerSelect }));
    });
  } catch (error) {
    if (fields.externalId && isUniqueViolation(error)) throw externalIdTaken(fields.externalId, "another passenger");
    throw error;
  }
}
