// GET /api/{account_key}/asset: one page of the account's assets with their trackers ({data, next_cursor}).
import { readQuery } from "@/server/http/request-input";
import { ZPageQuery } from "@/server/modules/paging";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listAssets } from "@/server/modules/assets/list-assets";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account }) => {
  const { cursor, limit } = readQuery(request, ZPageQuery);
  return listAssets({ accountId: account.id, cursor, limit });
});
