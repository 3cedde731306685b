// POST /api/{account}/asset/{asset}/control {action, confirm}: 202 once the command reached the vehicle's tracker;
// refusals 422 (policy) or 200 (device state) with the reason (docs/vehicle-control.md).
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { sendControlCommand } from "@/server/modules/vehicle-control/send-control-command";
import { apiClientSender, controlResponse, ZControlRequest } from "@/server/modules/vehicle-control/vehicle-control.schema";

export const dynamic = "force-dynamic";

export const POST = withApiAuth<{ accountKey: string; assetId: string }>(
  { scope: "control:write" },
  async ({ request, params, account, client }) => {
    const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
    const { action, confirm } = await readJson(request, ZControlRequest);
    const result = await sendControlCommand({ accountId: account.id, assetId, action, confirm, sender: apiClientSender({ client }) });
    return controlResponse(result, action);
  },
);
