// POST /api/driver/receipts {up_to_id, status}: the driver page received ("delivered") or showed ("read") the
// dispatch messages up to that id. Answers how many moved forward.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson } from "@/server/http/request-input";
import { withDriverSession } from "@/server/http/with-driver-session";
import { recordDriverReceipt } from "@/server/modules/messages/record-driver-receipt";

export const dynamic = "force-dynamic";

const ZReceipt = z.object({ up_to_id: z.number().int().positive(), status: z.enum(["delivered", "read"]) }).strict();

export const POST = withDriverSession(async ({ request, session }) => {
  const receipt = await readJson(request, ZReceipt);
  return { updated: await recordDriverReceipt({ accountId: session.accountId, driverId: session.driverId, upToId: receipt.up_to_id, status: receipt.status }) };
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
