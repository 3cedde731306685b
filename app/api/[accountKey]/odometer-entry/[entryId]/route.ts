// /api/{account_key}/odometer-entry/{id}: one odometer reading. GET reads it; PUT replaces it (under the sequence
// rule; 409 for readings the server wrote); DELETE removes it (204), refused with 409 ODOMETER_RESET_IN_USE when it
// is a reset that later readings need.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteOdometerEntry } from "@/server/modules/odometer-entries/delete-odometer-entry";
import { getOdometerEntry } from "@/server/modules/odometer-entries/get-odometer-entry";
import { replaceOdometerEntry } from "@/server/modules/odometer-entries/replace-odometer-entry";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; entryId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account, scope }) => ({
  data: await getOdometerEntry({ accountId: account.id, scope, entryId: idParam(params.entryId, "ODOMETER_ENTRY_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write" }, async ({ request, params, account, scope }) => {
  const entryId = idParam(params.entryId, "ODOMETER_ENTRY_NOT_FOUND");
  return { data: await replaceOdometerEntry({ accountId: account.id, scope, entryId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write" }, async ({ params, account, scope }) => {
  await deleteOdometerEntry({ accountId: account.id, scope, entryId: idParam(params.entryId, "ODOMETER_ENTRY_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
