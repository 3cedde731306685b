// Members of an account as integrators provision them: their notification settings and preferences
// (docs/notifications.md "Preferences").
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZNotificationSettingsBody, ZNotificationSettingsDto } from "../../../modules/notification-settings/notification-settings.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const TAG = "Users";
const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });

export function registerUserPaths(registry: OpenAPIRegistry): void {
  const params = ZAccountPathParams.extend({ userId: z.string().meta({ description: "The member's user id (GET /api/v1/user, the dashboard's Users page)." }) });
  const settings = z.object({ data: ZNotificationSettingsDto }).meta({ id: "NotificationSettingsResponse" });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/user/{userId}/notification-settings",
    tags: [TAG],
    summary: "Read a member's notification settings",
    description:
      "Phone for SMS, time zone, quiet hours, digest and the preference rows that turn alert types off per channel " +
      "(an e-mail type turned off by an unsubscribe link is a row with enabled false). The answer is a valid PUT body. " +
      "404 USER_NOT_FOUND for a user who is not a member of the account.",
    security: oauth("users:read"),
    request: { params },
    responses: { 200: json(settings, "The member's settings."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/{accountKey}/user/{userId}/notification-settings",
    tags: [TAG],
    summary: "Replace a member's notification settings",
    description:
      "Replaces the settings and every preference row: a field left out takes its default and a row left out is gone " +
      "(that type and channel are on again, unless a broader row says otherwise). Field errors (422): a phone that is not " +
      "a number with its country code, an unknown time zone, a time that is not HH:MM, quiet_start equal to quiet_end or " +
      "only one of them, an unknown alert type or channel, a repeated row.",
    security: oauth("users:write"),
    request: { params, body: { content: { "application/json": { schema: ZNotificationSettingsBody } } } },
    responses: { 200: json(settings, "The member's settings as stored."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
}
