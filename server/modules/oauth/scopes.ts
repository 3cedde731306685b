// OAuth scopes of the REST API (the spec leaves them open; docs/api.md documents them). A client is created with a
// subset of these; a token carries the subset requested at /oauth/token (all of the client's scopes when none is
// requested). Each REST endpoint names the one scope it needs in its wrapper options.

export const SCOPES = [
  { name: "assets:read", description: "Read assets, their trackers and the account's asset map; read asset groups, tags, asset photos, fuel and odometer entries, service and renewal reminders and service entries." },
  { name: "assets:write", description: "Create, change and delete asset groups and tags; put assets in groups, tag assets and drivers; upload and delete asset photos; record, change and delete fuel and odometer entries; create, change and delete service and renewal reminders; log service entries." },
  { name: "positions:read", description: "Read position history and trips." },
  { name: "stream:read", description: "Connect to the live position stream." },
  { name: "tracking:read", description: "Read tracking links: their settings, addresses and states." },
  { name: "tracking:write", description: "Create, change, disable and delete tracking links; open authorised-only links for a listed address." },
  { name: "imports:write", description: "Import routes, runs and passengers." },
  { name: "control:write", description: "Send vehicle control commands (lock, unlock, trunk, immobiliser)." },
  { name: "alerts:read", description: "Read alert rules, fired alerts and geofences." },
  { name: "alerts:write", description: "Create, change and delete alert rules and geofences." },
  { name: "reports:read", description: "Run reports (JSON, HTML, XLSX, PDF), queue, read, download and cancel report jobs, follow them on the /reporting socket, read report schedules." },
  { name: "reports:write", description: "Create, change and delete scheduled reports (mailed to a list of addresses)." },
  { name: "messages:read", description: "Read messages between dispatch and drivers, with their statuses." },
  { name: "messages:write", description: "Send messages to drivers (one driver, a vehicle's current driver, all drivers)." },
  { name: "users:read", description: "Read members' notification settings (phone for SMS, time zone, quiet hours, digest, preferences)." },
  { name: "users:write", description: "Replace members' notification settings." },
  { name: "routes:read", description: "Read school routes and runs as transit feeds: the static GTFS zip and the GTFS-realtime feed of runs in progress." },
] as const;

export type Scope = (typeof SCOPES)[number]["name"];

export const SCOPE_NAMES: readonly Scope[] = SCOPES.map((scope) => scope.name);

export function isScope(value: string): value is Scope {
  return (SCOPE_NAMES as readonly string[]).includes(value);
}

/** Splits an OAuth `scope` parameter (space-separated, RFC 6749 3.3) into distinct names, in order. */
export function parseScopeParameter(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(" ").filter((part) => part.length > 0))];
}
