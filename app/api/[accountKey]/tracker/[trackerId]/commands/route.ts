// GET /api/{account}/tracker/{id}/commands: every command sent to the tracker, newest first, with who sent it and
// how it ended ({data, next_cursor}).
import { idParam, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listTrackerCommands, ZCommandListQuery } from "@/server/modules/vehicle-control/list-tracker-commands";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; trackerId: string }>({ scope: "assets:read" }, async ({ request, params, account }) => {
  const { cursor, limit } = readQuery(request, ZCommandListQuery);
  return listTrackerCommands({ accountId: account.id, trackerId: idParam(params.trackerId, "TRACKER_NOT_FOUND"), cursor, limit });
});
