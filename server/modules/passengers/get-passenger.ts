import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type PassengerDto, passengerNotFound, passengerSelect, toPassengerDto, ZPassengerRef } from "./passengers.schema";

/** A passenger of the account; another account's passenger is PASSENGER_NOT_FOUND, like a missing one. */
export async function getPassenger(input: { accountId: number; passengerId: number }): Promise<PassengerDto> {
  const { accountId, passengerId } = parseInput(ZPassengerRef, input);
  const row = await db().passenger.findFirst({ where: { id: passengerId, accountId }, select: passengerSelect });
  if (!row) throw passengerNotFound(passengerId);
  return toPassengerDto(row);
}
