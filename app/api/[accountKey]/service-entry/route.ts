// /api/{account_key}/service-entry: the account's service history (docs/fleet-records.md "Service entries"). GET
// lists entries in id order ({data, next_cursor}; ?asset_id=, ?reminder_id=); POST logs one (201, {data}, Location),
// resetting the service reminders it names in reminder_ids.
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listServiceEntries } from "@/server/modules/reminders/list-service-entries";
import { ZServiceEntryListQuery } from "@/server/modules/reminders/reminders.schema";
import { saveServiceEntry } from "@/server/modules/reminders/save-service-entry";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { asset_id, reminder_id, cursor, limit } = readQuery(request, ZServiceEntryListQuery);
  return listServiceEntries({ accountId: account.id, scope, assetId: asset_id, reminderId: reminder_id, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write" }, async ({ request, account, scope }) => {
  const entry = await saveServiceEntry({ accountId: account.id, scope, entryId: null, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: entry }, { status: 201, headers: { location: `/api/${account.key}/service-entry/${entry.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
