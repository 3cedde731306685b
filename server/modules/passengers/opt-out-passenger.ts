// Stopping messages through a passenger's own link (the page's "Stop messages"; POST /api/public/tracking/{uuid}/
// opt-out with the link's viewer session): the passenger is marked opted out and send-welcome skips them until the
// team clears it (clearPassengerOptOut). Only a passenger's link can do this; the first opt-out's time is kept.
// From then on the link shows no vehicle either (review N6): its run window is taken away, so it answers as outside
// its schedule (viewers get .schedule.changed) until the team clears the opt-out.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import type { OptOutResult } from "./passengers.schema";

export async function optOutThroughLink(link: { passengerId: number | null }, now = new Date()): Promise<OptOutResult> {
  if (link.passengerId === null) throw new AppError("PASSENGER_LINK_NOT_FOUND", "This link does not belong to a passenger.");
  const prisma = db();
  await prisma.passenger.updateMany({ where: { id: link.passengerId, optedOutAt: null }, data: { optedOutAt: now } });
  const passenger = await prisma.passenger.findUnique({ where: { id: link.passengerId }, select: { optedOutAt: true, routeId: true } });
  if (!passenger?.optedOutAt) throw new AppError("PASSENGER_LINK_NOT_FOUND", "This link does not belong to a passenger.");
  await refreshRouteLinks(passenger.routeId);
  return { opted_out: true, opted_out_at: passenger.optedOutAt.toISOString() };
}
