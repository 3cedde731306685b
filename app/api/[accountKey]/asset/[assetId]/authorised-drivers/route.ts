// GET /api/{account_key}/asset/{asset_id}/authorised-drivers: the current list; PUT replaces the whole list and queues
// the difference to the device. Shapes: docs/vehicle-control.md "Authorised drivers". Key ids are shown in full only
// to tokens with control:write (those that may change the list); others see them masked.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { success } from "@/server/modules/authorised-drivers/authorised-drivers.schema";
import { keyIdView } from "@/server/modules/authorised-drivers/key-id-view";
import { getAuthorisedDrivers } from "@/server/modules/authorised-drivers/get-authorised-drivers";
import { replaceAuthorisedDrivers } from "@/server/modules/authorised-drivers/replace-authorised-drivers";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; assetId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account, scopes }) =>
  success(
    await getAuthorisedDrivers({ accountId: account.id, assetId: idParam(params.assetId, "ASSET_NOT_FOUND"), keyIds: keyIdView(scopes) }),
  ),
);

export const PUT = withApiAuth<Params>({ scope: "control:write" }, async ({ request, params, account }) => {
  const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
  return success(await replaceAuthorisedDrivers({ accountId: account.id, assetId, body: await readJson(request, z.unknown()) }));
});

export const POST = methodNotAllowed(["GET", "PUT"]);
export const PATCH = POST;
export const DELETE = POST;
