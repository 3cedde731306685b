// /api/{account_key}/tag/{id}: one tag. GET reads it; PUT replaces its name and colour; DELETE removes it (204; the
// assets and drivers it labelled only lose the label).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteTag } from "@/server/modules/tags/delete-tag";
import { getTag } from "@/server/modules/tags/get-tag";
import { replaceTag } from "@/server/modules/tags/replace-tag";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; tagId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account }) => ({
  data: await getTag({ accountId: account.id, tagId: idParam(params.tagId, "TAG_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "assets:write", accountWide: true }, async ({ request, params, account }) => {
  const tagId = idParam(params.tagId, "TAG_NOT_FOUND");
  return { data: await replaceTag({ accountId: account.id, tagId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write", accountWide: true }, async ({ params, account }) => {
  await deleteTag({ accountId: account.id, tagId: idParam(params.tagId, "TAG_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
