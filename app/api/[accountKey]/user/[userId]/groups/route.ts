// /api/{account_key}/user/{user_id}/groups: a member's group limit (docs/fleet-records.md "Groups as scopes"). GET
// reads it (users:read), PUT sets or lifts it (users:write): {"group_limited": true, "group_ids": [...]} or
// {"group_limited": false}. Scopes only an admin's client holds; `accountWide` besides, so a client limited to some
// groups could never widen anyone. Not a member: 404 USER_NOT_FOUND; an admin, or groups not the account's: 422.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { parseInput } from "@/server/modules/parse-input";
import { limitGroupIds, toMemberGroupLimitDto, ZMemberGroupLimitBody } from "@/server/modules/users/member-group-limit.schema";
import { getMemberGroups, setMemberGroups } from "@/server/modules/users/set-member-groups";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; userId: string };

export const GET = withApiAuth<Params>({ scope: "users:read", accountWide: true }, async ({ params, account }) => ({
  data: toMemberGroupLimitDto(await getMemberGroups({ accountId: account.id, userId: idParam(params.userId, "USER_NOT_FOUND") })),
}));

export const PUT = withApiAuth<Params>({ scope: "users:write", accountWide: true }, async ({ request, params, account }) => {
  const userId = idParam(params.userId, "USER_NOT_FOUND");
  const body = parseInput(ZMemberGroupLimitBody, await readJson(request, z.unknown()));
  return { data: toMemberGroupLimitDto(await setMemberGroups({ accountId: account.id, userId, groupIds: limitGroupIds(body) })) };
});

export const POST = methodNotAllowed(["GET", "PUT"]);
export const PATCH = POST;
export const DELETE = POST;
