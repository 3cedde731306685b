// /api/{account_key}/service-reminder/{id}: one service reminder. GET reads it (evaluated now); PUT replaces it
// (intervals left out are removed); DELETE removes it (204; its service entries stay in the asset's history).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteServiceReminder } from "@/server/modules/reminders/delete-service-reminder";
import { getServiceReminder } from "@/server/modules/reminders/get-service-reminder";
import { saveServiceReminder } from "@/server/modules/reminders/save-service-reminder";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; reminderId: string };
const NOT_FOUND = "SERVICE_REMINDER_NOT_FOUND";

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account, scope }) => ({
  data: await getServiceReminder({ accountId: account.id, scope, reminderId: idParam(params.reminderId, NOT_FOUND) }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write" }, async ({ request, params, account, scope }) => {
  const reminderId = idParam(params.reminderId, NOT_FOUND);
  return { data: await saveServiceReminder({ accountId: account.id, scope, reminderId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write" }, async ({ params, account, scope }) => {
  await deleteServiceReminder({ accountId: account.id, scope, reminderId: idParam(params.reminderId, NOT_FOUND) });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
