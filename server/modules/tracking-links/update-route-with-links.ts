// Editing a route as the dashboard does: the route's details (routes/update-route.ts) and, when its vehicle was
// given, its tracking links moved onto the vehicle they should follow now (refresh-route-links.ts), before the call
// returns, so the editor and the links' viewers see the change together. It lives here, not in routes, because
// tracking-links reads routes (a route's name and runs): routes calling back into tracking-links made a cycle. An
// event (route.changed) would have refreshed the links only after the edit returned, and not at all in a process
// without a hub, so the use case composes the two calls instead.
import { updateRoute } from "../routes/update-route";
import type { RouteDto, UpdateRouteInput } from "../routes/routes.schema";
import { refreshRouteLinks } from "./refresh-route-links";

export async function updateRouteWithLinks(input: UpdateRouteInput): Promise<RouteDto> {
  const saved = await updateRoute(input);
  // updateRoute validated the input; a vehicle that was given (set or cleared) may move the links
  if (input.assetId !== undefined) await refreshRouteLinks(saved.id);
  return saved;
}
