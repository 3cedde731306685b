// POST {integrations_url}/rows: import routes, runs or passengers (spec "Import service"). Up to 500 rows answer 200
// with the finished job, 501 to 5,000 answer 202 with a pending job, more is 413 (counted while the body is read);
// 30 calls a minute per API key.
import { z } from "zod";
import { AppError, isAppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { ImportRowCounter } from "@/server/modules/imports/import-row-counter";
import { importRows } from "@/server/modules/imports/import-rows";
import { wakeImportWorker } from "@/server/modules/imports/import-wakeup";
import { IMPORT_LIMITS } from "@/server/modules/imports/imports.schema";

export const dynamic = "force-dynamic";

/**
 * the body; one that is not JSON is refused like any other malformed body of this call: 422, nothing imported. Its
 * rows are counted while it is read, so a call over the row cap is 413 from its first rows over it, unread beyond.
 */
async function readRowsBody(request: Request): Promise<unknown> {
  const counter = new ImportRowCounter(IMPORT_LIMITS.maxRows);
  try {
    return await readJson(request, z.unknown(), { maxBytes: IMPORT_LIMITS.maxBodyBytes, inspect: (chunk) => counter.feed(chunk) });
  } catch (error) {
    if (isAppError(error) && error.code === "BAD_REQUEST") throw new AppError("VALIDATION_FAILED", `Nothing was imported: ${error.message}`);
    throw error;
  }
}

export const POST = withApiKey<{ accountKey: string }>(
  { rateLimit: { name: "import-rows", points: IMPORT_LIMITS.callsPerMinute, duration: 60 } },
  async ({ request, account, userId }) => {
    const { status, result } = await importRows({
      accountId: account.id,
      userId,
      source: "api",
      body: await readRowsBody(request),
      onQueued: wakeImportWorker,
    });
    return Response.json(result, { status });
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
