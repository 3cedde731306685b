// /api/{account_key}/renewal-reminder/{id}: one renewal reminder. GET reads it (evaluated now); PUT replaces it
// (renewing = a new expires_on: the reminder resets); DELETE removes it (204).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteRenewalReminder } from "@/server/modules/reminders/delete-renewal-reminder";
import { getRenewalReminder } from "@/server/modules/reminders/get-renewal-reminder";
import { saveRenewalReminder } from "@/server/modules/reminders/save-renewal-reminder";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; renewalId: string };
const NOT_FOUND = "RENEWAL_REMINDER_NOT_FOUND";

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account, scope }) => ({
  data: await getRenewalReminder({ accountId: account.id, scope, renewalId: idParam(params.renewalId, NOT_FOUND) }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write" }, async ({ request, params, account, scope }) => {
  const renewalId = idParam(params.renewalId, NOT_FOUND);
  return { data: await saveRenewalReminder({ accountId: account.id, scope, renewalId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write" }, async ({ params, account, scope }) => {
  await deleteRenewalReminder({ accountId: account.id, scope, renewalId: idParam(params.renewalId, NOT_FOUND) });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
