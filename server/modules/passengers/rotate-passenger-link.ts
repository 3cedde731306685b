// The team gives a passenger a new link (dashboard: the passenger's "New link"; REST: POST .../passengers/{id}/
// rotate-link), e.g. when a welcome message was forwarded or a phone lost: a new address for the same link, the old
// one ended at once for whoever holds it (renew-link-address.ts). A passenger without a link yet gets their first.
// Nothing is sent: send-welcome sends the new address (the passenger counts as not welcomed with it).
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { ensurePassengerLink, withUrl, type PassengerLink } from "./ensure-passenger-links";
import { passengerNotFound, ZPassengerRef } from "./passengers.schema";
import { renewLinkAddress } from "./renew-link-address";

export async function rotatePassengerLink(input: { accountId: number; passengerId: number }): Promise<PassengerLink> {
  const { accountId, passengerId } = parseInput(ZPassengerRef, input);
  const passenger = await db().passenger.findFirst({
    where: { id: passengerId, accountId },
    select: { trackingLink: { select: { id: true, uuid: true } } },
  });
  if (!passenger) throw passengerNotFound(passengerId);
  if (!passenger.trackingLink) return ensurePassengerLink({ accountId, passengerId });
  const renewed = await renewLinkAddress({ ...passenger.trackingLink, accountId, passengerId });
  // a concurrent rotation (or deletion) won: theirs is as new as ours would have been
  if (!renewed) return ensurePassengerLink({ accountId, passengerId });
  return withUrl(renewed);
}
