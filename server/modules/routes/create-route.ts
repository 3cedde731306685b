// Creates a route (its stops are added one by one on the route's page, or by an import). The route number is the
// import's key for the route, so it is unique in the account: ROUTE_NUMBER_TAKEN (409) under the field.
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { ensureAccount } from "../accounts/ensure-account";
import { ensureAssignment } from "./route-assignment";
import { type CreateRouteInput, type RouteDto, routeNumberTaken, routeSelect, toRouteDto, ZCreateRoute } from "./routes.schema";
import { ensureTimeOrder } from "./time-order";

export async function createRoute(input: CreateRouteInput): Promise<RouteDto> {
  const route = parseInput(ZCreateRoute, input);
  const { accountId, routeNumber } = route;
  const startMinute = route.startTime ?? null;
  const endMinute = route.endTime ?? null;
  ensureTimeOrder(startMinute, endMinute);
  try {
    return await db().$transaction(async (tx) => {
      await ensureAccount(tx, accountId);
      await ensureAssignment(tx, accountId, route);
      const taken = await tx.route.findUnique({ where: { accountId_routeNumber: { accountId, routeNumber } }, select: { id: true } });
      if (taken) throw routeNumberTaken(routeNumber);
      const row = await tx.route.create({
        data: {
          accountId,
          routeNumber,
          name: route.name ?? null,
          assetId: route.assetId ?? null,
          driverId: route.driverId ?? null,
          days: route.days ?? [],
          startMinute,
          endMinute,
          effectiveFrom: route.effectiveFrom ?? null,
        },
        select: routeSelect,
      });
      return toRouteDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw routeNumberTaken(routeNumber); // lost a race for the same number
    throw error;
  }
}
