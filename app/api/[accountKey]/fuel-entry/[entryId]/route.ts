// /api/{account_key}/fuel-entry/{id}: one fuel entry. GET reads it; PUT replaces it (void it with "void": true);
// DELETE removes it with its odometer reading (204).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteFuelEntry } from "@/server/modules/fuel-entries/delete-fuel-entry";
import { getFuelEntry } from "@/server/modules/fuel-entries/get-fuel-entry";
import { replaceFuelEntry } from "@/server/modules/fuel-entries/replace-fuel-entry";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; entryId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account, scope }) => ({
  data: await getFuelEntry({ accountId: account.id, scope, entryId: idParam(params.entryId, "FUEL_ENTRY_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write" }, async ({ request, params, account, scope }) => {
  const entryId = idParam(params.entryId, "FUEL_ENTRY_NOT_FOUND");
  return { data: await replaceFuelEntry({ accountId: account.id, scope, entryId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write" }, async ({ params, account, scope }) => {
  await deleteFuelEntry({ accountId: account.id, scope, entryId: idParam(params.entryId, "FUEL_ENTRY_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
