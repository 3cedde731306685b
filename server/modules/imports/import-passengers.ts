// Passengers import: a passenger is found by external_id (across the account), then by name on the row's route,
// and updated, or created (created_ids lists the new ones). route_number and passenger_name are required; the
// pick-up and drop-off stops are matched by name, ignoring letter case, against the route's stops. An import never
// messages anyone: welcome messages go out only through send-welcome.
import type { PrismaClient } from "../../generated/prisma/client";
import { ImportContext } from "./import-context";
import type { ImportOutcome } from "./import-outcome";
import type { PassengerRow } from "./imports.schema";
import { RowError } from "./row-error";
import { cellText, isBlankRow } from "./values/cells";

function readPassenger(row: PassengerRow, rowNumber: number, context: ImportContext) {
  const routeNumber = cellText(row.route_number);
  if (routeNumber === null) throw new RowError(rowNumber, "route_number", "route_number is required");
  const route = context.route(routeNumber);
  if (!route) throw new RowError(rowNumber, "route_number", `route ${routeNumber} has not been imported yet; import the route first`);
  const name = cellText(row.passenger_name);
  if (name === null) throw new RowError(rowNumber, "passenger_name", "passenger_name is required");
  const stop = (field: "pickup_stop" | "dropoff_stop") => {
    const stopName = cellText(row[field]);
    if (stopName === null) return null;
    const id = route.stops.get(ImportContext.stopKey(stopName));
    if (id === undefined) throw new RowError(rowNumber, field, `stop "${stopName}" is not a stop of route ${routeNumber}`);
    return id;
  };
  return {
    routeId: route.id,
    externalId: cellText(row.external_id),
    name,
    contactName: cellText(row.contact_name),
    contactPhone: cellText(row.contact_phone),
    pickupStopId: stop("pickup_stop"),
    dropoffStopId: stop("dropoff_stop"),
  };
}

async function findPassenger(prisma: PrismaClient, accountId: number, passenger: { externalId: string | null; routeId: number; name: string }) {
  if (passenger.externalId !== null) {
    const byExternalId = await prisma.passenger.findUnique({ where: { accountId_externalId: { accountId, externalId: passenger.externalId } }, select: { id: true } });
    if (byExternalId) return byExternalId;
  }
  // by name on the route, unless that passenger carries another external id (then it is somebody else)
  const byName = await prisma.passenger.findMany({
    where: { routeId: passenger.routeId, name: { equals: passenger.name, mode: "insensitive" } },
    select: { id: true, externalId: true },
  });
  return byName.find((candidate) => candidate.externalId === null || candidate.externalId === passenger.externalId) ?? null;
}

export async function importPassengers(input: { prisma: PrismaClient; context: ImportContext; rows: PassengerRow[]; firstRow: number; outcome: ImportOutcome }) {
  const { prisma, context, rows, outcome } = input;
  for (const [index, row] of rows.entries()) {
    const rowNumber = input.firstRow + index;
    try {
      if (isBlankRow(row)) {
        outcome.skipped();
        continue;
      }
      const passenger = readPassenger(row, rowNumber, context);
      const existing = await findPassenger(prisma, context.accountId, passenger);
      if (existing) {
        await prisma.passenger.update({ where: { id: existing.id }, data: passenger });
        outcome.updated();
      } else {
        const created = await prisma.passenger.create({ data: { accountId: context.accountId, ...passenger }, select: { id: true } });
        outcome.created(created.id, true);
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      outcome.failed({ row: error.row, field: error.field, reason: error.message });
    }
  }
}
