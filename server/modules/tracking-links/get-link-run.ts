// GET /api/public/tracking/{uuid}/run (X-Session-Token): the day's run of a route-based link, as its viewers may see
// it: the day, whether it runs or is cancelled, its times and the run's notice (spec: "notice: shown to passengers on
// the run's link"). The spec's link info is a closed list of fields, so the notice comes through this call of its own
// (ours). Null for a link that follows a vehicle, and for a day the route does not run. Never a vehicle or driver.
// A disabled or expired link answers as its location does (410); outside its schedule the run is still told (a
// cancelled morning run is news before the window opens).
import { listRouteOccurrences } from "../routes/list-route-occurrences";
import type { PublicRun } from "../routes/routes.schema";
import { formatLocalDate, zonedParts } from "../time/zoned-time";
import { AppError } from "../../errors";
import { linkState, type LinkRecord } from "./link-record";

export async function getLinkRun(link: LinkRecord, now = Date.now()): Promise<{ run: PublicRun | null }> {
  const state = linkState(link, now);
  if (!state.isActive) throw new AppError("LINK_INACTIVE", "This tracking link has been disabled.");
  if (state.isExpired) throw new AppError("LINK_EXPIRED", `This tracking link has expired (${state.expiredReason ?? "expired"}).`);
  if (link.routeId === null) return { run: null };
  const day = formatLocalDate(zonedParts(now, link.account.timeZone));
  const today = (await listRouteOccurrences({ accountId: link.accountId, routeId: link.routeId, query: { from: day, to: day } }, now)).data[0];
  if (!today) return { run: null };
  return { run: { date: today.date, status: today.status, start_time: today.start_time, end_time: today.end_time, notice: today.notice } };
}
