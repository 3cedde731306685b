// Dispatch sends a message to the drivers its one recipient choice names (message-recipients.ts: a driver, a
// vehicle's current driver, an asset group's or a tag's drivers, or every driver of the account). Each driver gets a
// row of their own: stored as queued, then published to the driver's channel and marked sent.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type AssetScope, wholeFleet } from "../asset-scope/asset-scope";
import { messageRecipients } from "./message-recipients";
import { messageSelect, type MessageDto, toMessageDto, ZSendMessageRequest } from "./messages.schema";
import { publishMessage } from "./publish-message";

/** `scope`: the assets the sender sees (asset-scope/asset-scope.ts); what a limited sender may reach is in message-recipients.ts */
export async function sendMessage(input: { accountId: number; scope?: AssetScope; senderUserId: number | null; request: unknown; now?: Date }): Promise<MessageDto[]> {
  const { accountId, senderUserId } = input;
  const scope = input.scope ?? wholeFleet(accountId);
  const request = parseInput(ZSendMessageRequest, input.request);
  const now = input.now ?? new Date();
  const recipients = await messageRecipients({ accountId, scope, request, now });

  // one statement for all of them (a group or tag of hundreds of vehicles)
  const created = await db().driverMessage.createManyAndReturn({
    data: recipients.map(({ driverId, assetId }) => ({ accountId, driverId, assetId, direction: "to_driver" as const, body: request.body, senderUserId, status: "queued" as const, createdAt: now })),
    select: { id: true },
  });
  const ids = created.map((row) => row.id);
  // sent: handed to the driver's channel (the page also finds it by polling); delivered/read come from the page
  await db().driverMessage.updateMany({ where: { id: { in: ids }, status: "queued" }, data: { status: "sent", sentAt: now } });
  const rows = await db().driverMessage.findMany({ where: { id: { in: ids } }, select: messageSelect, orderBy: { id: "asc" } });
  const messages = rows.map(toMessageDto);
  for (const message of messages) await publishMessage(message);
  return messages;
}
