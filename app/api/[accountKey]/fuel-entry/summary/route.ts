// /api/{account_key}/fuel-entry/summary?asset_id=&from=&to=: one asset's fuel figures over a range (totals, average
// L/100 km and cost per km, the consumption series). A summary of its own because the list is paged: a client
// would otherwise read every page to average them (docs/fleet-records.md "The summary").
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { ZFuelSummaryQuery } from "@/server/modules/fuel-entries/fuel-entries.schema";
import { summariseFuelEntries } from "@/server/modules/fuel-entries/summarise-fuel-entries";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { asset_id, from, to } = readQuery(request, ZFuelSummaryQuery);
  return { data: await summariseFuelEntries({ accountId: account.id, scope, assetId: asset_id, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined }) };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
