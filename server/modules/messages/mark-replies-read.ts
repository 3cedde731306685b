// A dispatcher opened a driver's conversation: the driver's replies in it are read (the driver page shows that).
import { db } from "../../db/client";
import { driverNotFound } from "../drivers/drivers.schema";
import { messageSelect, toMessageDto } from "./messages.schema";
import { publishMessage } from "./publish-message";

export async function markRepliesRead(input: { accountId: number; driverId: number; now?: Date }): Promise<number> {
  const { accountId, driverId } = input;
  const driver = await db().driver.findFirst({ where: { id: driverId, accountId }, select: { id: true } });
  if (!driver) throw driverNotFound(driverId);
  const where = { accountId, driverId, direction: "from_driver" as const, status: { not: "read" as const } };
  const unread = await db().driverMessage.findMany({ where, select: { id: true } });
  if (unread.length === 0) return 0;
  const ids = unread.map((row) => row.id);
  await db().driverMessage.updateMany({ where: { ...where, id: { in: ids } }, data: { status: "read", readAt: input.now ?? new Date() } });
  const rows = await db().driverMessage.findMany({ where: { id: { in: ids } }, select: messageSelect });
  for (const row of rows) await publishMessage(toMessageDto(row));
  return rows.length;
}
