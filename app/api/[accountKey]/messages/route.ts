// /api/{account_key}/messages: messages between dispatch and drivers (docs/messaging.md). GET pages through them,
// newest first, optionally one driver's (messages:read); POST sends one to a driver, a vehicle's current driver or
// every driver (messages:write; 201, {data: [one message per driver]}).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listMessages } from "@/server/modules/messages/list-messages";
import { ZListMessagesQuery } from "@/server/modules/messages/messages.schema";
import { sendMessage } from "@/server/modules/messages/send-message";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "messages:read" }, async ({ request, account }) => {
  const query = readQuery(request, ZListMessagesQuery);
  return listMessages({ accountId: account.id, driverId: query.driver_id, cursor: query.cursor, limit: query.limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "messages:write" }, async ({ request, account, userId, scope }) => {
  const messages = await sendMessage({ accountId: account.id, scope, senderUserId: userId, request: await readJson(request, z.unknown()) });
  return jsonResponse({ data: messages }, { status: 201 });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
