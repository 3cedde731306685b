// Who may do what inside an account. One table for the dashboard (navigation, buttons), tRPC procedures and the
// API-key wrapper, so a rule changes in one place. Documented in docs/cli.md ("Roles").
import type { Role } from "../../generated/prisma/client";

export const ROLES = ["admin", "fleet_manager", "office_staff", "viewer"] as const satisfies readonly Role[];
export type { Role };

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  fleet_manager: "Fleet manager",
  office_staff: "Office staff",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including users, API access and account settings",
  fleet_manager: "Assets, vehicles (control), tracking links, imports and passengers",
  office_staff: "Imports and passengers; reads assets",
  viewer: "Read-only",
};

/** permission -> roles that hold it */
export const ROLE_PERMISSIONS = {
  "account.manage": ["admin"],
  "users.manage": ["admin"],
  "api.manage": ["admin"],
  "assets.read": ["admin", "fleet_manager", "office_staff", "viewer"],
  "assets.write": ["admin", "fleet_manager"],
  "vehicles.control": ["admin", "fleet_manager"],
  // setting a CAN adapter's program number (docs/vehicle-control.md "Provisioning")
  "vehicles.provision": ["admin"],
  "alerts.read": ["admin", "fleet_manager", "office_staff", "viewer"],
  "alerts.manage": ["admin", "fleet_manager"],
  "links.manage": ["admin", "fleet_manager"],
  // the spec's import service: admin, fleet manager or office staff (the same three act through API keys)
  "imports.manage": ["admin", "fleet_manager", "office_staff"],
  "passengers.manage": ["admin", "fleet_manager", "office_staff"],
  // webhook registration: the spec's import roles, in the dashboard as through API keys
  "webhooks.manage": ["admin", "fleet_manager", "office_staff"],
  // scheduled reports mail account data to outside addresses: the roles that manage the account's outside contacts
  "reports.manage": ["admin", "fleet_manager", "office_staff"],
  // dispatch: writing to drivers, their sign-in links and PINs, canned replies (docs/messaging.md)
  "messages.send": ["admin", "fleet_manager", "office_staff"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof ROLE_PERMISSIONS;
export const PERMISSIONS = Object.keys(ROLE_PERMISSIONS) as Permission[];

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (ROLE_PERMISSIONS[permission] as readonly Role[] | undefined)?.includes(role) ?? false;
}

/**
 * Permissions that act on the whole account rather than on some assets: a member limited to some groups (docs/
 * fleet-records.md "Groups as scopes") never holds them, whatever the role. Admins cannot be limited at all.
 */
export const ACCOUNT_WIDE_PERMISSIONS: readonly Permission[] = [
  "account.manage",
  "users.manage",
  "api.manage",
  "imports.manage",
  "webhooks.manage",
  "passengers.manage",
  "links.manage",
  // report schedules mail reports on the account's behalf, "all" being the whole fleet when they run
  "reports.manage",
];

/** can(), for a member who may be limited to some groups */
export function canMember(role: Role | null | undefined, limited: boolean, permission: Permission): boolean {
  if (limited && ACCOUNT_WIDE_PERMISSIONS.includes(permission)) return false;
  return can(role, permission);
}
