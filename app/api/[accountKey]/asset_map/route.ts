// GET /api/{account_key}/asset_map: one page of the account's asset ids ({data: [ids], next_cursor}).
import { readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listAssetMap, ZAssetMapQuery } from "@/server/modules/assets/list-asset-map";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { cursor, limit } = readQuery(request, ZAssetMapQuery);
  return listAssetMap({ accountId: account.id, scope, cursor, limit });
});
