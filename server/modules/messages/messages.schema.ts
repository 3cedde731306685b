// Messages between dispatch and drivers (docs/messaging.md): the inputs of the use cases and the MessageDto every
// caller (REST, tRPC, the driver page) answers with. A message row never leaves the server unfiltered.
import { z } from "zod";
import type { MessageDirection, MessageStatus } from "../../generated/prisma/client";
import { ZCursor } from "../paging";

export const MAX_MESSAGE_LENGTH = 1000;
const ZId = z.number().int().positive();

/** the field error of a request naming no recipient, or several */
export const RECIPIENT_CHOICE_MESSAGE = "give exactly one of driver_id, asset_id, group_id, tag_id or all_drivers";

export const ZMessageBody = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`);

/**
 * exactly one of driver_id, asset_id (its current driver), group_id (its vehicles' current drivers), tag_id (the
 * drivers carrying it and the current drivers of the vehicles carrying it) or all_drivers: true
 */
export const ZSendMessageRequest = z
  .object({
    driver_id: ZId.optional().meta({ description: "Send to this driver." }),
    asset_id: ZId.optional().meta({ description: "Send to the vehicle's current driver, resolved now (docs/messaging.md)." }),
    all_drivers: z.literal(true).optional().meta({ description: "Send to every driver of the account." }),
    group_id: ZId.optional().meta({
      description:
        "Send to the current driver of every vehicle in this asset group or its subgroups, resolved now; one message per driver (docs/messaging.md).",
    }),
    tag_id: ZId.optional().meta({
      description:
        "Send to the drivers carrying this tag and to the current driver of every vehicle carrying it, resolved now; one message per driver (docs/messaging.md).",
    }),
    body: ZMessageBody.meta({ description: `The text, 1 to ${MAX_MESSAGE_LENGTH} characters.` }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const targets = [value.driver_id !== undefined, value.asset_id !== undefined, value.all_drivers === true, value.group_id !== undefined, value.tag_id !== undefined].filter(Boolean).length;
    if (targets !== 1) ctx.addIssue({ code: "custom", path: ["driver_id"], message: RECIPIENT_CHOICE_MESSAGE });
  })
  .meta({ id: "SendMessageRequest" });
export type SendMessageRequest = z.output<typeof ZSendMessageRequest>;

export const ZListMessagesQuery = z.object({
  driver_id: z.coerce.number({ error: "must be a driver id" }).int("must be a driver id").positive("must be a driver id").optional().meta({ description: "Only this driver's conversation." }),
  cursor: ZCursor.optional(),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 200" }).int("must be a whole number from 1 to 200").min(1, "must be a whole number from 1 to 200").max(200, "must be a whole number from 1 to 200").optional(),
});

export interface MessageDto {
  id: number;
  driver_id: number;
  driver_name: string;
  asset_id: number | null;
  direction: MessageDirection;
  body: string;
  canned_reply_key: string | null;
  sender_user_id: number | null;
  status: MessageStatus;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  sms_fallback_at: string | null;
}

export const messageSelect = {
  id: true,
  driverId: true,
  assetId: true,
  direction: true,
  body: true,
  cannedReplyKey: true,
  senderUserId: true,
  status: true,
  createdAt: true,
  sentAt: true,
  deliveredAt: true,
  readAt: true,
  smsFallbackAt: true,
  driver: { select: { name: true } },
} as const;

export interface MessageRow {
  id: number;
  driverId: number;
  assetId: number | null;
  direction: MessageDirection;
  body: string;
  cannedReplyKey: string | null;
  senderUserId: number | null;
  status: MessageStatus;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  smsFallbackAt: Date | null;
  driver: { name: string };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toMessageDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    driver_id: row.driverId,
    driver_name: row.driver.name,
    asset_id: row.assetId,
    direction: row.direction,
    body: row.body,
    canned_reply_key: row.cannedReplyKey,
    sender_user_id: row.senderUserId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    delivered_at: iso(row.deliveredAt),
    read_at: iso(row.readAt),
    sms_fallback_at: iso(row.smsFallbackAt),
  };
}

/** the order of statuses: a receipt only ever moves a message forward */
export const STATUS_ORDER: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };
