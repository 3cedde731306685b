// /api/{account_key}/asset-group/{id}/assets: the assets directly in a group. GET pages their ids; PUT {asset_ids}
// makes them exactly the group's assets, POST {asset_ids} adds them, DELETE ?asset_ids=1,2 takes them out (a DELETE
// carries no body). The three changes answer the group ({data}) with its new asset_count.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { changeGroupAssets, type MembershipChange } from "@/server/modules/asset-groups/change-group-assets";
import { listGroupAssetIds } from "@/server/modules/asset-groups/list-group-asset-ids";
import { ZIdsBody, ZIdsQuery } from "@/server/modules/owned-ids";
import { parseInput } from "@/server/modules/parse-input";
import { ZPageQuery } from "@/server/modules/paging";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; groupId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ request, params, account }) => {
  const groupId = idParam(params.groupId, "GROUP_NOT_FOUND");
  return listGroupAssetIds({ accountId: account.id, groupId, ...readQuery(request, ZPageQuery) });
});

function change(kind: MembershipChange) {
  return withApiAuth<Params>({ scope: "assets:write", accountWide: true }, async ({ request, params, account }) => {
    const groupId = idParam(params.groupId, "GROUP_NOT_FOUND");
    const assetIds =
      kind === "remove"
        ? readQuery(request, ZIdsQuery("asset_ids")).asset_ids
        : parseInput(ZIdsBody("asset_ids"), await readJson(request, z.unknown())).asset_ids;
    return { data: await changeGroupAssets({ accountId: account.id, groupId, change: kind, assetIds }) };
  });
}

export const PUT = change("replace");
export const POST = change("add");
export const DELETE = change("remove");
export const PATCH = methodNotAllowed(["GET", "PUT", "POST", "DELETE"]);
