// Adds a passenger to a route, approved unless the team holds them back. Adding never messages anyone: welcome
// messages go out only through send-welcome, as after an import.
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { routeNotFound } from "../routes/routes.schema";
import { ensureExternalIdFree } from "./external-id-free";
import { ensurePassengerStops } from "./passenger-stops";
import { type CreatePassengerInput, externalIdTaken, type PassengerDto, passengerSelect, toPassengerDto, ZCreatePassenger } from "./passengers.schema";

export async function createPassenger(input: CreatePassengerInput): Promise<PassengerDto> {
  const passenger = parseInput(ZCreatePassenger, input);
  const { accountId, routeId } = passenger;
  try {
    return await db().$transaction(async (tx) => {
      const route = await tx.route.findFirst({ where: { id: routeId, accountId }, select: { id: true } });
      if (!route) throw routeNotFound(routeId);
      await ensurePassengerStops(tx, routeId, passenger);
      await ensureExternalIdFree(tx, accountId, passenger.externalId);
      const row = await tx.passenger.create({
        data: {
          accountId,
          routeId,
          name: passenger.name,
          externalId: passenger.externalId ?? null,
          contactName: passenger.contactName ?? null,
          contactPhone: passenger.contactPhone ?? null,
          contactEmail: passenger.contactEmail ?? null,
          pickupStopId: passenger.pickupStopId ?? null,
          dropoffStopId: passenger.dropoffStopId ?? null,
          approved: passenger.approved,
        },
        select: passengerSelect,
      });
      return toPassengerDto(row);
    });
  } catch (error) {
    if (passenger.externalId && isUniqueViolation(error)) throw externalIdTaken(passenger.externalId, "another passenger");
    throw error;
  }
}
