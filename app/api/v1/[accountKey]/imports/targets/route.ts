// GET {integrations_url}/targets: every import target, its fields (required, type, accepted forms) and the limits.
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withApiKey } from "@/server/http/with-api-key";
import { listImportTargets } from "@/server/modules/imports/import-targets";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ accountKey: string }>({}, async () => Response.json(listImportTargets()));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
