// /api/{account_key}/odometer-entry: the account's odometer readings (docs/fleet-records.md "Odometer entries").
// GET lists them newest first ({data, next_cursor}; ?asset_id=, ?source=, ?from=&to=); POST records one (201, {data},
// Location), refused with 422 ODOMETER_OUT_OF_SEQUENCE when it breaks the sequence and is not marked as a reset.
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { createOdometerEntry } from "@/server/modules/odometer-entries/create-odometer-entry";
import { listOdometerEntries } from "@/server/modules/odometer-entries/list-odometer-entries";
import { ZOdometerListQuery } from "@/server/modules/odometer-entries/odometer-entries.schema";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { asset_id, source, from, to, cursor, limit } = readQuery(request, ZOdometerListQuery);
  return listOdometerEntries({
    accountId: account.id,
    scope,
    assetId: asset_id,
    source,
    from: from ? new Date(from) : undefined,
    to: to ? new Date(to) : undefined,
    cursor,
    limit,
  });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write" }, async ({ request, account, scope }) => {
  const entry = await createOdometerEntry({ accountId: account.id, scope, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: entry }, { status: 201, headers: { location: `/api/${account.key}/odometer-entry/${entry.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
