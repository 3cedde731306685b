// The dashboard's list of conversations: every driver of the account with their newest message and how many of
// their replies nobody at dispatch has read, most recent conversation first (drivers never written to last, by name).
import { db } from "../../db/client";
import { messageSelect, type MessageDto, toMessageDto } from "./messages.schema";

export interface ConversationDto {
  driver_id: number;
  driver_name: string;
  has_phone: boolean;
  has_email: boolean;
  has_pin: boolean;
  last_message: MessageDto | null;
  unread_replies: number;
}

export async function listConversations(input: { accountId: number }): Promise<ConversationDto[]> {
  const { accountId } = input;
  const [drivers, newest, unread] = await Promise.all([
    db().driver.findMany({ where: { accountId }, select: { id: true, name: true, phone: true, email: true, pin: { select: { driverId: true } } }, orderBy: { name: "asc" } }),
    db().driverMessage.groupBy({ by: ["driverId"], where: { accountId }, _max: { id: true } }),
    db().driverMessage.groupBy({ by: ["driverId"], where: { accountId, direction: "from_driver", status: { not: "read" } }, _count: { _all: true } }),
  ]);
  const lastIds = newest.map((row) => row._max.id).filter((id): id is number => id !== null);
  const lastRows = lastIds.length ? await db().driverMessage.findMany({ where: { id: { in: lastIds } }, select: messageSelect }) : [];
  const lastByDriver = new Map(lastRows.map((row) => [row.driverId, toMessageDto(row)]));
  const unreadByDriver = new Map(unread.map((row) => [row.driverId, row._count._all]));
  return drivers
    .map((driver) => ({
      driver_id: driver.id,
      driver_name: driver.name,
      has_phone: driver.phone !== null,
      has_email: driver.email !== null,
      has_pin: driver.pin !== null,
      last_message: lastByDriver.get(driver.id) ?? null,
      unread_replies: unreadByDriver.get(driver.id) ?? 0,
    }))
    .sort((a, b) => (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0));
}
