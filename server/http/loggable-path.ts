// A request path as the logs may hold it. For public links (and passengers' links) the uuid in
// /api/public/tracking/{uuid}/… and /t/{uuid} is the whole credential, so whoever reads the logs could open them: the
// uuid is cut to its first 8 characters, enough to tell links apart and to find one in the dashboard, far too few to
// open it (the other 114 random bits stay unknown). Every other UUID-shaped segment is cut the same way, so a link's
// uuid in any other path (the tracking-link REST API, a mistyped public path) never reaches the log either.
const PUBLIC_TRACKING_PREFIX = "/api/public/tracking/";
const UUID_SEGMENT = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;
const KEPT = 8;

const cut = (segment: string) => (segment.length > KEPT ? `${segment.slice(0, KEPT)}…` : segment);

export function loggablePath(pathname: string): string {
  let path = pathname.replace(UUID_SEGMENT, cut);
  // whatever stands in the uuid's place (a malformed or percent-encoded one names a link just as well)
  if (path.startsWith(PUBLIC_TRACKING_PREFIX)) {
    const rest = path.slice(PUBLIC_TRACKING_PREFIX.length);
    const end = rest.indexOf("/");
    const segment = end === -1 ? rest : rest.slice(0, end);
    path = PUBLIC_TRACKING_PREFIX + cut(segment) + (end === -1 ? "" : rest.slice(end));
  }
  return path;
}
