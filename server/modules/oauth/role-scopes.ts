// Which scopes a member's role allows. An OAuth client acts as a member, so it can never do more through the API
// than that member could in the dashboard: each scope maps to the permission (server/modules/users/roles.ts) that
// covers the same actions. Enforced when a client is created (422 beyond the role) and on every use (the client's
// scopes are cut to its member's current role; a client whose member left the account is inactive).
import { can, type Permission, type Role } from "../users/roles";
import { SCOPE_NAMES, type Scope } from "./scopes";

const SCOPE_PERMISSION: Record<Scope, Permission> = {
  "assets:read": "assets.read",
  // groups and tags are the fleet's records, kept by those who manage assets in the dashboard
  "assets:write": "assets.write",
  "positions:read": "assets.read",
  "stream:read": "assets.read",
  // the dashboard shows every member the Links page (read with assets.read); changing links needs links.manage
  "tracking:read": "assets.read",
  "tracking:write": "links.manage",
  "imports:write": "imports.manage",
  "control:write": "vehicles.control",
  "alerts:read": "alerts.read",
  "alerts:write": "alerts.manage",
  // every member runs reports in the dashboard (a report job is a reading too); schedules mail reports to outside
  // addresses, so they need reports.manage
  "reports:read": "assets.read",
  "reports:write": "reports.manage",
  // every member sees the Messages page; sending is dispatch's (messages.send)
  "messages:read": "assets.read",
  "messages:write": "messages.send",
  // members' own settings (their phone numbers among them) are read and set for them only by those who manage users
  "users:read": "users.manage",
  "users:write": "users.manage",
  // the transit feeds show every route's stops and the vehicles driving them: the roles that keep routes and
  // passengers (the same three whose API keys read them under /public-tracking)
  "routes:read": "passengers.manage",
};

export function scopesForRole(role: Role | null | undefined): Scope[] {
  return SCOPE_NAMES.filter((scope) => can(role, SCOPE_PERMISSION[scope]));
}
