// A passenger moved to another route (a passengers import matched them with a new route_number): their own link
// follows the new route from then on, renamed after it, and its viewers are moved onto the new route's vehicle.
import { db } from "../../db/client";
import { routeDisplayName } from "../routes/route-name";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";

export async function syncPassengerLinkRoute(passengerId: number): Promise<void> {
  const prisma = db();
  const passenger = await prisma.passenger.findUnique({
    where: { id: passengerId },
    select: { routeId: true, route: { select: { routeNumber: true, name: true } }, trackingLink: { select: { id: true, routeId: true } } },
  });
  const link = passenger?.trackingLink;
  if (!passenger || !link || link.routeId === passenger.routeId) return;
  await prisma.trackingLink.update({
    where: { id: link.id },
    data: { routeId: passenger.routeId, displayName: routeDisplayName(passenger.route) },
  });
  await refreshRouteLinks(passenger.routeId); // onto the new route's vehicle, announced when it differs
}
