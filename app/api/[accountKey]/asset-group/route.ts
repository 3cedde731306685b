// /api/{account_key}/asset-group: the account's asset groups (docs/fleet-records.md). GET lists them in id order
// ({data, next_cursor}; ?parent_id= for one group's subgroups, `null` for the top level); POST creates one (201,
// {data}, Location).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { ZGroupListQuery } from "@/server/modules/asset-groups/asset-groups.schema";
import { createAssetGroup } from "@/server/modules/asset-groups/create-asset-group";
import { listAssetGroups } from "@/server/modules/asset-groups/list-asset-groups";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { parent_id, cursor, limit } = readQuery(request, ZGroupListQuery);
  return listAssetGroups({ accountId: account.id, scope, parentId: parent_id === "null" ? null : parent_id, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write", accountWide: true }, async ({ request, account }) => {
  const group = await createAssetGroup({ accountId: account.id, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: group }, { status: 201, headers: { location: `/api/${account.key}/asset-group/${group.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
