// /api/{account_key}/renewal-reminder: the account's renewal reminders (docs/fleet-records.md "Renewal reminders").
// GET lists them in id order, each evaluated now ({data, next_cursor}; ?asset_id=, ?driver_id=, ?kind=, ?status=);
// POST creates one (201, {data}, Location).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listRenewalReminders } from "@/server/modules/reminders/list-renewal-reminders";
import { ZRenewalReminderListQuery } from "@/server/modules/reminders/reminders.schema";
import { saveRenewalReminder } from "@/server/modules/reminders/save-renewal-reminder";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { asset_id, driver_id, kind, status, cursor, limit } = readQuery(request, ZRenewalReminderListQuery);
  return listRenewalReminders({ accountId: account.id, scope, assetId: asset_id, driverId: driver_id, kind, statuses: status, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write" }, async ({ request, account, scope }) => {
  const renewal = await saveRenewalReminder({ accountId: account.id, scope, renewalId: null, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: renewal }, { status: 201, headers: { location: `/api/${account.key}/renewal-reminder/${renewal.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
