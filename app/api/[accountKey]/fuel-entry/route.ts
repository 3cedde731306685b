// /api/{account_key}/fuel-entry: the account's fuel entries (docs/fleet-records.md "Fuel entries"). GET lists them
// newest first with their consumption figures ({data, next_cursor}; ?asset_id=, ?from=&to=); POST records one (201,
// {data}, Location).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { createFuelEntry } from "@/server/modules/fuel-entries/create-fuel-entry";
import { ZFuelListQuery } from "@/server/modules/fuel-entries/fuel-entries.schema";
import { listFuelEntries } from "@/server/modules/fuel-entries/list-fuel-entries";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { asset_id, from, to, cursor, limit } = readQuery(request, ZFuelListQuery);
  return listFuelEntries({ accountId: account.id, scope, assetId: asset_id, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write" }, async ({ request, account, scope }) => {
  const entry = await createFuelEntry({ accountId: account.id, scope, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: entry }, { status: 201, headers: { location: `/api/${account.key}/fuel-entry/${entry.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
