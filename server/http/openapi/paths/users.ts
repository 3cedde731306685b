// Members of an account as integrators provision them: their notification settings and preferences
// (docs/notifications.md "Preferences") and their group limit (docs/fleet-records.md "Groups as scopes").
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZNotificationSettingsBody, ZNotificationSettingsDto } from "../../../modules/notification-settings/notification-settings.schema";
import { ZMemberGroupLimitBody, ZMemberGroupLimitDto } from "../../../modules/users/member-group-limit.schema";
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

  const limit = z.object({ data: ZMemberGroupLimitDto }).meta({ id: "MemberGroupLimitResponse" });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/user/{userId}/groups",
    tags: [TAG],
    summary: "Read a member's group limit",
    description:
      "Whether the member is limited to some asset groups and which (group_ids, ascending; their subgroups follow). A limited " +
      "member sees and acts only on those groups' assets everywhere, their OAuth clients included. 404 USER_NOT_FOUND for a " +
      "user who is not a member of the account; 403 FORBIDDEN for a client whose member is limited to some groups.",
    security: oauth("users:read"),
    request: { params },
    responses: { 200: json(limit, "The member's limit."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/{accountKey}/user/{userId}/groups",
    tags: [TAG],
    summary: "Set or lift a member's group limit",
    description:
      '{"group_limited": true, "group_ids": [3, 7]} limits the member to those groups and their subgroups (an empty list: no ' +
      'asset at all); {"group_limited": false} lifts the limit. Applies to the member\'s REST calls at once. Field errors (422): ' +
      "group_limited missing, group_ids given with group_limited false, groups that are not the account's, limiting an admin " +
      "(admins see the whole fleet). 404 USER_NOT_FOUND for a user who is not a member.",
    security: oauth("users:write"),
    request: { params, body: { content: { "application/json": { schema: ZMemberGroupLimitBody } } } },
    responses: { 200: json(limit, "The member's limit as stored."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
}
