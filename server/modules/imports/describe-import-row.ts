// A short name for one import row, for the dashboard's preview ("Route 12 · Morning run · 4 stops"), read from the
// row's own cells so it names the row as the sheet does.
import type { ImportTarget, PassengerRow, RouteRow, RunRow } from "./imports.schema";
import { cellText } from "../values/cells";

const NO_VALUE = "(empty)";

export function describeImportRow(target: ImportTarget, row: unknown): string {
  switch (target) {
    case "routes": {
      const route = row as RouteRow;
      const stops = route.stops?.length ?? 0;
      return [`Route ${cellText(route.route_number) ?? NO_VALUE}`, cellText(route.route_name), `${stops} ${stops === 1 ? "stop" : "stops"}`]
        .filter(Boolean)
        .join(" · ");
    }
    case "runs": {
      const run = row as RunRow;
      return [`Route ${cellText(run.route_number) ?? NO_VALUE} on ${cellText(run.date) ?? NO_VALUE}`, cellText(run.status)].filter(Boolean).join(" · ");
    }
    case "passengers": {
      const passenger = row as PassengerRow;
      return [cellText(passenger.passenger_name) ?? NO_VALUE, `route ${cellText(passenger.route_number) ?? NO_VALUE}`, cellText(passenger.external_id)]
        .filter(Boolean)
        .join(" · ");
    }
  }
}
