// GET /api/{account_key}/asset_map: every asset id of the account ({data: [ids]}).
import { withApiAuth } from "@/server/http/with-api-auth";
import { listAssetIds } from "@/server/modules/assets/list-asset-ids";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ account }) => ({
  data: await listAssetIds({ accountId: account.id }),
}));
