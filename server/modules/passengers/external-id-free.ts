// External ids are unique in the account (a passengers import finds a passenger by it before anything else), so
// giving one that another passenger holds is EXTERNAL_ID_TAKEN (409), naming who holds it.
import type { Prisma } from "../../generated/prisma/client";
import { externalIdTaken } from "./passengers.schema";

export async function ensureExternalIdFree(tx: Prisma.TransactionClient, accountId: number, externalId: string | null | undefined, passengerId?: number) {
  if (!externalId) return;
  const holder = await tx.passenger.findUnique({
    where: { accountId_externalId: { accountId, externalId } },
    select: { id: true, name: true, route: { select: { routeNumber: true } } },
  });
  if (holder && holder.id !== passengerId) throw externalIdTaken(externalId, `${holder.name} (route ${holder.route.routeNumber})`);
}
