import type { Prisma } from "../../generated/prisma/client";

/** a stop whose route belongs to the account, or null (another account's stop is not there at all) */
export function findAccountStop(tx: Prisma.TransactionClient, accountId: number, stopId: number) {
  return tx.routeStop.findFirst({
    where: { id: stopId, route: { accountId } },
    select: { id: true, routeId: true, sequence: true, latitude: true, longitude: true },
  });
}
