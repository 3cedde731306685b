// Receipts from the driver page: "delivered" when the page (or its channel) received dispatch messages, "read" when
// it showed them. Covers every dispatch message of the driver up to `upToId`, so one call acknowledges a whole
// conversation; a status only moves forward (a late "delivered" never undoes "read").
import { db } from "../../db/client";
import type { MessageStatus } from "../../generated/prisma/client";
import { messageSelect, toMessageDto } from "./messages.schema";
import { publishMessage } from "./publish-message";

export async function recordDriverReceipt(input: {
  accountId: number;
  driverId: number;
  upToId: number;
  status: "delivered" | "read";
  now?: Date;
}): Promise<number> {
  const { accountId, driverId, upToId, status } = input;
  const now = input.now ?? new Date();
  const below: MessageStatus[] = status === "read" ? ["queued", "sent", "delivered"] : ["queued", "sent"];
  const where = { accountId, driverId, direction: "to_driver" as const, id: { lte: upToId }, status: { in: below } };
  const changed = await db().driverMessage.findMany({ where, select: { id: true } });
  if (changed.length === 0) return 0;
  const ids = changed.map((row) => row.id);
  const scope = { id: { in: ids }, status: { in: below } };
  if (status === "read") {
    // read implies delivered: keep the delivery time when there is one
    await db().driverMessage.updateMany({ where: { ...scope, deliveredAt: null }, data: { deliveredAt: now } });
    await db().driverMessage.updateMany({ where: scope, data: { status: "read", readAt: now } });
  } else {
    await db().driverMessage.updateMany({ where: scope, data: { status: "delivered", deliveredAt: now } });
  }
  const rows = await db().driverMessage.findMany({ where: { id: { in: ids } }, select: messageSelect, orderBy: { id: "asc" } });
  for (const row of rows) await publishMessage(toMessageDto(row));
  return rows.length;
}
