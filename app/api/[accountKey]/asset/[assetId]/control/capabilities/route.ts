// GET /api/{account}/asset/{asset}/control/capabilities: what may be sent now ({status: "success", data}).
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { getControlCapabilities } from "@/server/modules/vehicle-control/get-control-capabilities";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; assetId: string }>({ scope: "control:write" }, async ({ params, account }) => ({
  status: "success",
  data: await getControlCapabilities({ accountId: account.id, assetId: idParam(params.assetId, "ASSET_NOT_FOUND") }),
}));
