// Imports a slice of one call's rows into the account (the whole call when it is small, a chunk of a large job),
// adding what happened to `outcome`. Row numbers continue from `firstRow` as the spec counts them.
import type { ImportContext } from "./import-context";
import type { ImportDb } from "./import-database";
import type { ImportOutcome } from "./import-outcome";
import { importPassengers } from "./import-passengers";
import { importRoutes } from "./import-routes";
import { importRuns } from "./import-runs";
import type { ImportTarget, PassengerRow, RouteRow, RunRow } from "./imports.schema";

export function runImport(input: {
  prisma: ImportDb;
  context: ImportContext;
  target: ImportTarget;
  rows: unknown[];
  firstRow: number;
  outcome: ImportOutcome;
}): Promise<void> {
  const { target, rows, ...rest } = input;
  switch (target) {
    case "routes":
      return importRoutes({ ...rest, rows: rows as RouteRow[] });
    case "runs":
      return importRuns({ ...rest, rows: rows as RunRow[] });
    case "passengers":
      return importPassengers({ ...rest, rows: rows as PassengerRow[] });
  }
}
