// /api/{account_key}/asset-group/{id}: one asset group. GET reads it; PUT replaces its name and parent (a move takes
// its subgroups and keeps its assets; 422 on parent_id for a cycle, an unknown parent or a tree over 8 levels); DELETE
// removes it (204; its assets are only taken out), refused with 409 GROUP_HAS_SUBGROUPS while it has subgroups.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteAssetGroup } from "@/server/modules/asset-groups/delete-asset-group";
import { getAssetGroup } from "@/server/modules/asset-groups/get-asset-group";
import { replaceAssetGroup } from "@/server/modules/asset-groups/replace-asset-group";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; groupId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account }) => ({
  data: await getAssetGroup({ accountId: account.id, groupId: idParam(params.groupId, "GROUP_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write", accountWide: true }, async ({ request, params, account }) => {
  const groupId = idParam(params.groupId, "GROUP_NOT_FOUND");
  return { data: await replaceAssetGroup({ accountId: account.id, groupId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write", accountWide: true }, async ({ params, account }) => {
  await deleteAssetGroup({ accountId: account.id, groupId: idParam(params.groupId, "GROUP_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
