// /api/{account_key}/user/{user_id}/notification-settings: a member's notification settings and preferences
// (docs/notifications.md "Preferences"), for integrators that provision members. GET reads them (users:read), PUT
// replaces them as one document (users:write). A user who is not a member of the account is 404 USER_NOT_FOUND.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { getNotificationSettings } from "@/server/modules/notification-settings/get-notification-settings";
import { replaceNotificationSettings } from "@/server/modules/notification-settings/replace-notification-settings";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; userId: string };

export const GET = withApiAuth<Params>({ scope: "users:read" }, async ({ params, account }) => ({
  data: await getNotificationSettings({ accountId: account.id, userId: idParam(params.userId, "USER_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "users:write" }, async ({ request, params, account }) => {
  const userId = idParam(params.userId, "USER_NOT_FOUND");
  return { data: await replaceNotificationSettings({ accountId: account.id, userId, body: await readJson(request, z.unknown()) }) };
});

export const POST = methodNotAllowed(["GET", "PUT"]);
export const PATCH = POST;
export const DELETE = POST;
