// /api/{account_key}/tracking-links: the account's tracking links (docs/public-tracking.md "Managing links over
// REST"). GET lists them newest first ({data, next_cursor}; filters asset_id, route_id, active); POST creates one
// (201, {data}, Location). The same use cases as the dashboard's link form.
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import { listTrackingLinks } from "@/server/modules/tracking-links/list-tracking-links";
import {
  parseTrackingLinkBody,
  withRestFieldNames,
  ZTrackingLinkQuery,
} from "@/server/modules/tracking-links/tracking-links-rest.schema";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "tracking:read" }, async ({ request, account }) => {
  const query = readQuery(request, ZTrackingLinkQuery);
  return listTrackingLinks({
    accountId: account.id,
    assetId: query.asset_id,
    routeId: query.route_id,
    active: query.active,
    cursor: query.cursor,
    limit: query.limit,
  });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "tracking:write" }, async ({ request, account }) => {
  const fields = parseTrackingLinkBody(await readJson(request, z.unknown()));
  const link = await withRestFieldNames(() => createTrackingLink({ ...fields, accountId: account.id }));
  return jsonResponse({ data: link }, { status: 201, headers: { location: `/api/${account.key}/tracking-links/${link.uuid}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
