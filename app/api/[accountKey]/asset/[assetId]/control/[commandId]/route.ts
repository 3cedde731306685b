// GET /api/{account}/asset/{asset}/control/{command_id}: a command's state now ({status: "success", data}).
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { getControlCommand } from "@/server/modules/vehicle-control/get-control-command";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; assetId: string; commandId: string }>(
  { scope: "control:write" },
  async ({ params, account }) => ({
    status: "success",
    data: await getControlCommand({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      commandId: idParam(params.commandId, "CONTROL_COMMAND_NOT_FOUND"),
    }),
  }),
);
