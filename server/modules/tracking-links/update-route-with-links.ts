// Editing a route as the dashboard does: the route's details (routes/update-route.ts) and its tracking links moved
// onto the vehicle (and passengers' links onto the run window) they should have now (refresh-route-links.ts), before the call
// returns, so the editor and the links' viewers see the change together. It lives here, not in routes, because
// tracking-links reads routes (a route's name and runs): routes calling back into tracking-links made a cycle. An
// event (route.changed) would have refreshed the links only after the edit returned, and not at all in a process
// without a hub, so the use case composes the two calls instead.
import { updateRoute } from "../routes/update-route";
import type { RouteDto, UpdateRouteInput } from "../routes/routes.schema";
import { refreshRouteLinks } from "./refresh-route-links";

export async function updateRouteWithLinks(input: UpdateRouteInput): Promise<RouteDto> {
  const saved = await updateRoute(input);
  // a vehicle given (set or cleared) may move the links; days, times or effective_from move passengers' run windows
  await refreshRouteLinks(saved.id);
  return saved;
}
