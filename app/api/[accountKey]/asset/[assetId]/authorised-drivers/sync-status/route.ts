// GET /api/{account_key}/asset/{asset_id}/authorised-drivers/sync-status: synced, syncing or out_of_sync, with what
// the vehicle enforces now and what is still pending (docs/vehicle-control.md "Authorised drivers"); key ids masked
// unless the token has control:write.
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { success } from "@/server/modules/authorised-drivers/authorised-drivers.schema";
import { keyIdView } from "@/server/modules/authorised-drivers/key-id-view";
import { getAuthorisedDriverSyncStatus } from "@/server/modules/authorised-drivers/get-authorised-driver-sync-status";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; assetId: string }>({ scope: "assets:read" }, async ({ params, account, scopes }) =>
  success(
    await getAuthorisedDriverSyncStatus({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      keyIds: keyIdView(scopes),
    }),
  ),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
