// /api/{account_key}/service-reminder: the account's service reminders (docs/fleet-records.md "Service reminders").
// GET lists them in id order, each evaluated now ({data, next_cursor}; ?asset_id=, ?status= as last evaluated);
// POST creates one (201, {data}, Location).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listServiceReminders } from "@/server/modules/reminders/list-service-reminders";
import { ZServiceReminderListQuery } from "@/server/modules/reminders/reminders.schema";
import { saveServiceReminder } from "@/server/modules/reminders/save-service-reminder";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { asset_id, status, cursor, limit } = readQuery(request, ZServiceReminderListQuery);
  return listServiceReminders({ accountId: account.id, scope, assetId: asset_id, statuses: status, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write" }, async ({ request, account, scope }) => {
  const reminder = await saveServiceReminder({ accountId: account.id, scope, reminderId: null, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: reminder }, { status: 201, headers: { location: `/api/${account.key}/service-reminder/${reminder.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
