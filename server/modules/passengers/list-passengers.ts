import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { routeNotFound } from "../routes/routes.schema";
import { type ListPassengersInput, type PassengerDto, passengerSelect, toPassengerDto, ZListPassengers } from "./passengers.schema";

/** One page of a route's passengers in the order they were added; another account's route is ROUTE_NOT_FOUND. */
export async function listPassengers(input: ListPassengersInput): Promise<{ data: PassengerDto[]; next_cursor: string | null }> {
  const { accountId, routeId, cursor, limit } = parseInput(ZListPassengers, input);
  const prisma = db();
  if (!(await prisma.route.findFirst({ where: { id: routeId, accountId }, select: { id: true } }))) throw routeNotFound(routeId);
  const rows = await prisma.passenger.findMany({
    where: { routeId, ...(cursor && { id: { gt: decodeCursor(cursor) } }) },
    select: passengerSelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toPassengerDto);
}
