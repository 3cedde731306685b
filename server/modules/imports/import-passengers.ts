// Passengers import: a passenger is found by external_id (across the account), then by name on the row's route,
// and updated, or created (created_ids lists the new ones). A row without external_id matches by name whatever
// external id the stored passenger holds, and keeps it; a row with another external_id is somebody else; two
// passengers of the row's name leave the row out as ambiguous (passenger-index.ts). route_number and
// passenger_name are required; the pick-up and drop-off stops are matched by name, ignoring letter case, against the
// route's stops. contact_email (ours, beside the spec's fields) is where the welcome message goes, stored lowercased.
// An import never messages anyone: welcome messages go out only through send-welcome. A passenger moved to another
// route takes their own link along (sync-passenger-link-route.ts; not in a dry run, whose writes are undone).
import { z } from "zod";
import { syncPassengerLinkRoute } from "../passengers/sync-passenger-link-route";
import { ImportContext } from "./import-context";
import { isDryRun, type ImportDb } from "./import-database";
import type { ImportOutcome } from "./import-outcome";
import type { PassengerRow } from "./imports.schema";
import { PassengerIndex } from "./passenger-index";
import { RowError } from "./row-error";
import { cellText, isBlankRow } from "../values/cells";

const ZEmail = z.email().max(254);

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
  const email = cellText(row.contact_email);
  if (email !== null && !ZEmail.safeParse(email).success) throw new RowError(rowNumber, "contact_email", `contact_email "${email}" is not an e-mail address`);
  return {
    routeId: route.id,
    externalId: cellText(row.external_id),
    name,
    contactName: cellText(row.contact_name),
    contactPhone: cellText(row.contact_phone),
    contactEmail: email?.toLowerCase() ?? null,
    pickupStopId: stop("pickup_stop"),
    dropoffStopId: stop("dropoff_stop"),
  };
}

export async function importPassengers(input: { prisma: ImportDb; context: ImportContext; rows: PassengerRow[]; firstRow: number; outcome: ImportOutcome }) {
  const { prisma, context, rows, outcome } = input;
  /** passengers this call moved to another route: their links follow once the rows are written */
  const moved = new Set<number>();
  const index = await PassengerIndex.load(prisma, context.accountId, {
    externalIds: [...new Set(rows.flatMap((row) => cellText(row.external_id) ?? []))],
    routeIds: [...new Set(rows.flatMap((row) => context.route(cellText(row.route_number) ?? "")?.id ?? []))],
  });
  for (const [position, row] of rows.entries()) {
    const rowNumber = input.firstRow + position;
    try {
      if (isBlankRow(row)) {
        outcome.skipped();
        continue;
      }
      const passenger = readPassenger(row, rowNumber, context);
      const matches = index.find(passenger);
      if (matches.length > 1) {
        throw new RowError(
          rowNumber,
          "passenger_name",
          `${matches.length} passengers on route ${cellText(row.route_number)} are named "${passenger.name}"; give the row the external_id of the one it means`,
        );
      }
      const existing = matches[0];
      if (existing) {
        // a row without an external id keeps the one stored: matched by name, it does not say the passenger lost it
        const externalId = passenger.externalId ?? existing.externalId;
        await prisma.passenger.update({ where: { id: existing.id }, data: { ...passenger, externalId } });
        if (existing.routeId !== passenger.routeId) moved.add(existing.id);
        index.remember({ id: existing.id, ...passenger, externalId });
        outcome.updated();
      } else {
        const created = await prisma.passenger.create({ data: { accountId: context.accountId, ...passenger }, select: { id: true } });
        index.remember({ id: created.id, ...passenger });
        outcome.created(created.id, true);
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      outcome.failed({ row: error.row, field: error.field, reason: error.message });
    }
  }
  if (!isDryRun(prisma)) for (const passengerId of moved) await syncPassengerLinkRoute(passengerId);
}
