// Each passenger's own tracking link (spec: passenger links): one per passenger, made the first time it is needed
// (send-welcome, or the dashboard copying it), public (its uuid is the secret; the welcome message carries it), named
// after the passenger's route and following the route's vehicle for the day like any route-based link, but watchable
// only around the route's runs (passenger-link-windows.ts). A link that has expired (its route stopped running) is
// handed out under a new address (renew-link-address.ts): the old one stays dead. Two callers racing for the same
// passenger meet at the unique passenger_id: the loser reads the winner's link.
import { randomUUID } from "node:crypto";
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { isUniqueViolation } from "../parse-input";
import { routeDisplayName } from "../routes/route-name";
import { linkUrl } from "../tracking-links/link-record";
import { followedVehicles, refreshLinksOfRoutes } from "../tracking-links/refresh-route-links";
import { renewLinkAddress } from "./renew-link-address";

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
    select: {
      id: true,
      routeId: true,
      route: { select: { routeNumber: true, name: true } },
      trackingLink: { select: { id: true, uuid: true, expiredAt: true } },
    },
  });
  const links = new Map<number, PassengerLink>();
  const missing: typeof passengers = [];
  for (const passenger of passengers) {
    const link = passenger.trackingLink;
    if (!link) missing.push(passenger);
    else if (link.expiredAt === null) links.set(passenger.id, withUrl(link));
    else {
      const renewed = await renewLinkAddress({ ...link, accountId: input.accountId, passengerId: passenger.id });
      links.set(passenger.id, withUrl(renewed ?? (await currentLink(passenger.id))));
    }
  }
  if (missing.length > 0) await createLinks(input.accountId, missing, links);
  return links;
}

async function createLinks(
  accountId: number,
  passengers: ReadonlyArray<{ id: number; routeId: number; route: { routeNumber: string; name: string | null } }>,
  links: Map<number, PassengerLink>,
): Promise<void> {
  const prisma = db();
  const routeIds = [...new Set(passengers.map((passenger) => passenger.routeId))];
  const vehicles = await followedVehicles(routeIds);
  for (const passenger of passengers) {
    try {
      const created = await prisma.trackingLink.create({
        data: {
          uuid: randomUUID(),
          accountId,
          passengerId: passenger.id,
          routeId: passenger.routeId,
          assetId: vehicles.get(passenger.routeId) ?? null,
          displayName: routeDisplayName(passenger.route),
          accessMode: "public",
          // nothing is shown until its run window is known (just below)
          withinSchedule: false,
        },
        select: { id: true, uuid: true },
      });
      links.set(passenger.id, withUrl(created));
      await announce("tracking-link.changed", { accountId, linkId: created.id, uuid: created.uuid });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      links.set(passenger.id, withUrl(await currentLink(passenger.id)));
    }
  }
  await refreshLinksOfRoutes(routeIds); // the new links' run windows
}

/** one passenger's link (the dashboard's "copy link"); PASSENGER_NOT_FOUND when it is not the account's */
export async function ensurePassengerLink(input: { accountId: number; passengerId: number }): Promise<PassengerLink> {
  const link = (await ensurePassengerLinks({ accountId: input.accountId, passengerIds: [input.passengerId] })).get(input.passengerId);
  if (!link) throw new AppError("PASSENGER_NOT_FOUND", `passenger ${input.passengerId} not found`);
  return link;
}

async function currentLink(passengerId: number): Promise<{ id: number; uuid: string }> {
  return db().trackingLink.findUniqueOrThrow({ where: { passengerId }, select: { id: true, uuid: true } });
}

export function withUrl(link: { id: number; uuid: string }): PassengerLink {
  return { id: link.id, uuid: link.uuid, url: linkUrl(link.uuid) };
}
