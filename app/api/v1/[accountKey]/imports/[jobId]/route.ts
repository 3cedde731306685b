// GET {integrations_url}/{id}: an import job's result (a pending job shows its progress in stats and errors).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { getImportJob } from "@/server/modules/imports/get-import-job";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ accountKey: string; jobId: string }>({}, async ({ params, account }) =>
  Response.json(await getImportJob({ accountId: account.id, id: idParam(params.jobId, "IMPORT_JOB_NOT_FOUND") })),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
