// /api/driver/messages: the signed-in driver's conversation. GET reads it (oldest first; `?after=<id>` for what is
// new, which is how the page polls) and marks dispatch messages in it delivered; POST sends a reply (free text
// `body` or `canned_reply_key`; 201).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withDriverSession } from "@/server/http/with-driver-session";
import { readDriverConversation } from "@/server/modules/messages/read-driver-conversation";
import { sendDriverReply } from "@/server/modules/messages/send-driver-reply";

export const dynamic = "force-dynamic";

const ZQuery = z.object({ after: z.coerce.number({ error: "must be a message id" }).int("must be a message id").min(0, "must be a message id").optional() });

export const GET = withDriverSession(async ({ request, session }) => {
  const { after } = readQuery(request, ZQuery);
  const conversation = await readDriverConversation({ accountId: session.accountId, driverId: session.driverId, afterId: after });
  return jsonResponse({ driver: { id: session.driverId, name: session.driverName }, ...conversation }, { headers: { "cache-control": "no-store" } });
});

export const POST = withDriverSession(async ({ request, session }) => {
  const message = await sendDriverReply({ accountId: session.accountId, driverId: session.driverId, reply: await readJson(request, z.unknown()) });
  return jsonResponse({ data: message }, { status: 201 });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
