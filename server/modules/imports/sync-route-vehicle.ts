// POST /routes/sync (the older call the spec keeps): moves a route number onto another vehicle of the account.
// Body {route_number, vehicle}; the vehicle is matched by plate or name like an import row's. An unknown route is
// 404, an unknown vehicle 422; nothing else about the route changes. The route's links follow the new vehicle at once
// (on days whose run names no vehicle of its own).
import { announce } from "../../announce";
import { z } from "zod";
import { AppError } from "../../errors";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { ImportContext } from "./import-context";
import { cellText } from "../values/cells";

const ZSyncRoute = z.strictObject({
  route_number: z.union([z.string(), z.number()]).transform((value) => String(value).trim()).pipe(z.string().min(1, "is required")),
  vehicle: z.union([z.string(), z.number()]).transform((value) => String(value)),
});

export interface RouteSyncResult {
  route_id: number;
  route_number: string;
  vehicle: { id: number; name: string; plate: string | null };
}

export async function syncRouteVehicle(input: { accountId: number; body: unknown }): Promise<RouteSyncResult> {
  const body = parseInput(ZSyncRoute, input.body);
  const prisma = db();
  const route = await prisma.route.findUnique({ where: { accountId_routeNumber: { accountId: input.accountId, routeNumber: body.route_number } }, select: { id: true } });
  if (!route) throw new AppError("ROUTE_NOT_FOUND", `Route ${body.route_number} has not been imported.`);
  const context = await ImportContext.load(prisma, input.accountId);
  const vehicleText = cellText(body.vehicle);
  const vehicle = vehicleText === null ? null : context.vehicle(vehicleText);
  if (!vehicle?.ok) {
    const message = vehicle?.reason ?? "vehicle is required";
    throw new AppError("VALIDATION_FAILED", `vehicle: ${message}`, [{ field: "vehicle", message }]);
  }
  await prisma.route.update({ where: { id: route.id }, data: { assetId: vehicle.value } });
  await refreshRouteLinks(route.id); // unless today's run names a vehicle of its own
  await announce("runs.changed", { accountId: input.accountId });
  const asset = await prisma.asset.findUniqueOrThrow({ where: { id: vehicle.value }, select: { id: true, name: true, plate: true } });
  return { route_id: route.id, route_number: body.route_number, vehicle: asset };
}
