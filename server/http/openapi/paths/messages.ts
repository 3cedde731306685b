// Driver messaging (docs/messaging.md): send to a driver, a vehicle's current driver, an asset group's or a tag's
// drivers or every driver; page through the messages with their statuses.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZListMessagesQuery, ZSendMessageRequest } from "../../../modules/messages/messages.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const TAG = "Messages";
const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const time = (what: string) => z.string().nullable().meta({ description: `${what} (ISO 8601), null until then.` });

const ZMessage = z
  .object({
    id: z.number().int(),
    driver_id: z.number().int(),
    driver_name: z.string(),
    asset_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The vehicle the driver was reached through (its current driver at the time: a vehicle, group or tag message); null for a driver named directly or reached by their own tag." }),
    direction: z.enum(["to_driver", "from_driver"]),
    body: z.string(),
    canned_reply_key: z.string().nullable().meta({ description: "The canned reply a driver picked; null for free text." }),
    sender_user_id: z.number().int().nullable().meta({ description: "The member who sent it (for an API client, its member); null for a driver's reply." }),
    status: z.enum(["queued", "sent", "delivered", "read"]),
    created_at: z.string(),
    sent_at: time("When it was handed to the driver's channel"),
    delivered_at: time("When the driver's page received it"),
    read_at: time("When it was shown to the reader"),
    sms_fallback_at: time("When it went out by SMS because the page had not received it in time"),
  })
  .meta({ id: "Message" });

export function registerMessagePaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/messages",
    tags: [TAG],
    summary: "List messages",
    description: "Newest first; `driver_id` narrows to one driver's conversation.",
    security: oauth("messages:read"),
    request: { params: ZAccountPathParams, query: ZListMessagesQuery },
    responses: {
      200: json(z.object({ data: z.array(ZMessage), next_cursor: z.string().nullable() }).meta({ id: "MessagePage" }), "One page of messages."),
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/messages",
    tags: [TAG],
    summary: "Send a message to drivers",
    description:
      "Exactly one of `driver_id`, `asset_id` (the vehicle's current driver, resolved now), `group_id` (the current drivers of the group's vehicles, subgroups included), `tag_id` (the drivers carrying the tag and the current drivers of the vehicles carrying it) or `all_drivers: true`. One message per driver is stored, handed to the driver's channel and answered. 404: `DRIVER_NOT_FOUND`, `ASSET_NOT_FOUND`, `GROUP_NOT_FOUND`, `TAG_NOT_FOUND`; 422: field errors, `NO_CURRENT_DRIVER`, `NO_TAGGED_DRIVERS`, `NO_DRIVERS`. A group-limited member reaches the drivers of their vehicles only (docs/messaging.md).",
    security: oauth("messages:write"),
    request: { params: ZAccountPathParams, body: { required: true, content: { "application/json": { schema: ZSendMessageRequest } } } },
    responses: {
      201: json(z.object({ data: z.array(ZMessage) }).meta({ id: "SentMessages" }), "The messages, one per driver, status sent."),
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
}
