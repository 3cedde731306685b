// GET /api/{account_key}/asset/{asset_id}/history?from=ISO&to=ISO: stored positions in fix-time order
// ({data, next_cursor}); see spec-readings.md "History".
import { idParam, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listPositionHistory } from "@/server/modules/positions/list-position-history";
import { ZTimeRangeQuery } from "@/server/modules/positions/positions.schema";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; assetId: string }>(
  { scope: "positions:read" },
  async ({ request, params, account }) =>
    listPositionHistory({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      range: readQuery(request, ZTimeRangeQuery),
    }),
);
