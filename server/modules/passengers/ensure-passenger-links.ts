// Each passenger's own tracking link (spec: passenger links): one per passenger, made the first time it is needed
// (send-welcome, or the dashboard copying it), public (its uuid is the secret; the welcome message carries it), named
// after the passenger's route and following the route's vehicle for the day like any route-based link. Two callers
// racing for the same passenger meet at the unique passenger_id: the loser reads the winner's link.
import { randomUUID } from "node:crypto";
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { isUniqueViolation } from "../parse-input";
import { routeDisplayName } from "../routes/route-name";
import { linkUrl } from "../tracking-links/link-record";
import { followedVehicles } from "../tracking-links/refresh-route-links";

export interface PassengerLink {
  id: number;
  uuid: string;
  /** {PUBLIC_URL}/t/{uuid} */
  url: string;
}

/** the passengers' links by passenger id, made for those without one; passengers not in the account are left out */
export async function ensurePassengerLinks(input: { accountId: number; passengerIds: readonly number[] }): Promise<Map<number, PassengerLink>> {
  const prisma = db();
  const passengers = await prisma.passenger.findMany({
    where: { accountId: input.accountId, id: { in: [...input.passengerIds] } },
    select: { id: true, routeId: true, route: { select: { routeNumber: true, name: true } }, trackingLink: { select: { id: true, uuid: true } } },
  });
  const links = new Map<number, PassengerLink>();
  const missing = passengers.filter((passenger) => {
    if (passenger.trackingLink) links.set(passenger.id, withUrl(passenger.trackingLink));
    return !passenger.trackingLink;
  });
  if (missing.length === 0) return links;
  const vehicles = await followedVehicles([...new Set(missing.map((passenger) => passenger.routeId))]);
  for (const passenger of missing) {
    try {
      const created = await prisma.trackingLink.create({
        data: {
          uuid: randomUUID(),
          accountId: input.accountId,
          passengerId: passenger.id,
          routeId: passenger.routeId,
          assetId: vehicles.get(passenger.routeId) ?? null,
          displayName: routeDisplayName(passenger.route),
          accessMode: "public",
        },
        select: { id: true, uuid: true },
      });
      links.set(passenger.id, withUrl(created));
      await announce("tracking-link.changed", { accountId: input.accountId, linkId: created.id, uuid: created.uuid });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await prisma.trackingLink.findUniqueOrThrow({ where: { passengerId: passenger.id }, select: { id: true, uuid: true } });
      links.set(passenger.id, withUrl(winner));
    }
  }
  return links;
}

/** one passenger's link (the dashboard's "copy link"); PASSENGER_NOT_FOUND when it is not the account's */
export async function ensurePassengerLink(input: { accountId: number; passengerId: number }): Promise<PassengerLink> {
  const link = (await ensurePassengerLinks({ accountId: input.accountId, passengerIds: [input.passengerId] })).get(input.passengerId);
  if (!link) throw new AppError("PASSENGER_NOT_FOUND", `passenger ${input.passengerId} not found`);
  return link;
}

function withUrl(link: { id: number; uuid: string }): PassengerLink {
  return { id: link.id, uuid: link.uuid, url: linkUrl(link.uuid) };
}
