// GET /api/{account_key}/asset: one page of the account's assets with their trackers ({data, next_cursor}), filtered
// by group (with its subgroups), tag, protocol, status and text (docs/fleet-records.md "Filtering the asset list").
import { readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { ZAssetListQuery } from "@/server/modules/assets/assets.schema";
import { listAssets } from "@/server/modules/assets/list-assets";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "assets:read" }, async ({ request, account, scope }) => {
  const { cursor, limit, group_id, tag_id, protocol, status, q, reminder_status } = readQuery(request, ZAssetListQuery);
  return listAssets({ accountId: account.id, scope, cursor, limit, groupId: group_id, tagId: tag_id, protocol, status, q, reminderStatus: reminder_status });
});
