// /api/{account_key}/service-entry/{id}: one service entry. GET reads it; PUT replaces it (the reminders it completes
// are re-evaluated, those it no longer names count from their previous service); DELETE removes it (204; undoes its
// resets).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteServiceEntry } from "@/server/modules/reminders/delete-service-entry";
import { getServiceEntry } from "@/server/modules/reminders/get-service-entry";
import { saveServiceEntry } from "@/server/modules/reminders/save-service-entry";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; entryId: string };
const NOT_FOUND = "SERVICE_ENTRY_NOT_FOUND";

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account, scope }) => ({
  data: await getServiceEntry({ accountId: account.id, scope, entryId: idParam(params.entryId, NOT_FOUND) }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write" }, async ({ request, params, account, scope }) => {
  const entryId = idParam(params.entryId, NOT_FOUND);
  return { data: await saveServiceEntry({ accountId: account.id, scope, entryId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write" }, async ({ params, account, scope }) => {
  await deleteServiceEntry({ accountId: account.id, scope, entryId: idParam(params.entryId, NOT_FOUND) });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
