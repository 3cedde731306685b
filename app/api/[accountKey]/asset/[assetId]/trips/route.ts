// GET /api/{account_key}/asset/{asset_id}/trips?from=ISO&to=ISO: trips overlapping the range ({data, next_cursor}).
import { idParam, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listTrips } from "@/server/modules/trips/list-trips";
import { ZTimeRangeQuery } from "@/server/modules/positions/positions.schema";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; assetId: string }>(
  { scope: "positions:read" },
  async ({ request, params, account }) =>
    listTrips({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      range: readQuery(request, ZTimeRangeQuery),
    }),
);
