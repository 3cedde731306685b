// The handlers of /api/{account_key}/tag/{id}/assets and /tag/{id}/drivers, which differ only in what they tag:
// GET pages the ids carrying the tag; PUT {asset_ids | driver_ids} makes them exactly the tagged ones, POST adds them,
// DELETE ?asset_ids=1,2 (?driver_ids=) untags them (a DELETE carries no body). Changes answer the tag ({data}).
import { z } from "zod";
import type { MembershipChange } from "../modules/asset-groups/change-group-assets";
import { type OwnedKind, ZIdsBody, ZIdsQuery } from "../modules/owned-ids";
import { parseInput } from "../modules/parse-input";
import { ZPageQuery } from "../modules/paging";
import { changeTagMembers } from "../modules/tags/change-tag-members";
import { listTagMemberIds } from "../modules/tags/list-tag-member-ids";
import { methodNotAllowed } from "./method-not-allowed";
import { idParam, readJson, readQuery } from "./request-input";
import { withApiAuth } from "./with-api-auth";

type Params = { accountKey: string; tagId: string };

export function tagMemberRoutes(kind: OwnedKind) {
  const field = kind === "asset" ? "asset_ids" : "driver_ids";
  const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ request, params, account, scope }) => {
    const tagId = idParam(params.tagId, "TAG_NOT_FOUND");
    return listTagMemberIds({ accountId: account.id, scope, tagId, kind, ...readQuery(request, ZPageQuery) });
  });
  const change = (how: MembershipChange) =>
    withApiAuth<Params>({ scope: "assets:write", accountWide: true }, async ({ request, params, account }) => {
      const tagId = idParam(params.tagId, "TAG_NOT_FOUND");
      const ids = (
        how === "remove"
          ? readQuery(request, ZIdsQuery(field))
          : parseInput(ZIdsBody(field), await readJson(request, z.unknown()))
      )[field];
      return { data: await changeTagMembers({ accountId: account.id, tagId, kind, change: how, ids }) };
    });
  return {
    GET,
    PUT: change("replace"),
    POST: change("add"),
    DELETE: change("remove"),
    PATCH: methodNotAllowed(["GET", "PUT", "POST", "DELETE"]),
  };
}
