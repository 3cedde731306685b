// /api/{account_key}/tag: the account's tags (docs/fleet-records.md). GET lists them in id order ({data,
// next_cursor}); POST creates one (201, {data}, Location).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { ZPageQuery } from "@/server/modules/paging";
import { createTag } from "@/server/modules/tags/create-tag";
import { listTags } from "@/server/modules/tags/list-tags";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account }) =>
  listTags({ accountId: account.id, ...readQuery(request, ZPageQuery) }),
);

export const POST = withApiAuth<{ accountKey: string }>({ scope: "assets:write", accountWide: true }, async ({ request, account }) => {
  const tag = await createTag({ accountId: account.id, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: tag }, { status: 201, headers: { location: `/api/${account.key}/tag/${tag.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
