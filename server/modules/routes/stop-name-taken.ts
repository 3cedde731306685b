// Stop names are unique on a route, ignoring letter case and spacing, as an import compares them: passengers are
// matched to stops by name, and a re-imported route keeps the stops whose names it finds (import-routes.ts).
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";

/** a stop name as stops are compared (case and runs of spaces ignored); imports match passengers to stops by it */
export function stopNameKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, " ");
}

export async function ensureStopNameFree(tx: Prisma.TransactionClient, input: { routeId: number; name: string; stopId?: number }): Promise<void> {
  const stops = await tx.routeStop.findMany({
    where: { routeId: input.routeId, ...(input.stopId ? { id: { not: input.stopId } } : {}) },
    select: { name: true },
  });
  const key = stopNameKey(input.name);
  const same = stops.find((stop) => stopNameKey(stop.name) === key);
  if (!same) return;
  const message = `the route already has a stop called "${same.name}"; passengers are matched to stops by name`;
  throw new AppError("STOP_NAME_TAKEN", `name: ${message}`, [{ field: "name", message }]);
}
