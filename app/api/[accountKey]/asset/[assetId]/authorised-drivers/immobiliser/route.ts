// POST /api/{account_key}/asset/{asset_id}/authorised-drivers/immobiliser `{enabled}`: the immobiliser for authorised
// drivers, queued to the device like the list (docs/vehicle-control.md "Authorised drivers").
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { success } from "@/server/modules/authorised-drivers/authorised-drivers.schema";
import { setAuthorisedDriverImmobiliser } from "@/server/modules/authorised-drivers/set-authorised-driver-immobiliser";

export const dynamic = "force-dynamic";

export const POST = withApiAuth<{ accountKey: string; assetId: string }>(
  { scope: "control:write" },
  async ({ request, params, account }) => {
    const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
    const body = await readJson(request, z.unknown());
    return success(await setAuthorisedDriverImmobiliser({ accountId: account.id, assetId, body }));
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
