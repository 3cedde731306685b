// /api/{account_key}/tracking-links/{uuid}: one tracking link. GET reads it; PUT replaces its settings as a whole
// (fields left out take their defaults, as on creation; the uuid stays); DELETE removes it (204). Disabling
// (`active: false`) or deleting ends its viewers at once, as in the dashboard. An unknown uuid, or another account's
// link, is 404 LINK_NOT_FOUND.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteTrackingLink } from "@/server/modules/tracking-links/delete-tracking-link";
import { getTrackingLink } from "@/server/modules/tracking-links/get-tracking-link";
import { getTrackingLinkId } from "@/server/modules/tracking-links/get-tracking-link-id";
import { replaceTrackingLink } from "@/server/modules/tracking-links/replace-tracking-link";
import { parseTrackingLinkBody, withRestFieldNames } from "@/server/modules/tracking-links/tracking-links-rest.schema";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; uuid: string };

export const GET = withApiAuth<Params>({ scope: "tracking:read" }, async ({ params, account }) => {
  const linkId = await getTrackingLinkId({ accountId: account.id, uuid: params.uuid });
  return { data: await getTrackingLink({ accountId: account.id, linkId }) };
});

export const PUT = withApiAuth<Params>({ scope: "tracking:write" }, async ({ request, params, account }) => {
  const linkId = await getTrackingLinkId({ accountId: account.id, uuid: params.uuid });
  const link = parseTrackingLinkBody(await readJson(request, z.unknown()));
  return { data: await withRestFieldNames(() => replaceTrackingLink({ accountId: account.id, linkId, link })) };
});

export const DELETE = withApiAuth<Params>({ scope: "tracking:write" }, async ({ params, account }) => {
  await deleteTrackingLink({ accountId: account.id, linkId: await getTrackingLinkId({ accountId: account.id, uuid: params.uuid }) });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
