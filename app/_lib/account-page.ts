// The gate of every /a/{accountKey}/... page: signed in (else to /sign-in with a way back), a member of the account
// (else 404, like an unknown key), and the role's permissions for what the page shows. Cached per request, so the
// layout and the page share one lookup.
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getSessionUser, type SessionUser } from "@/server/auth/session";
import { isAppError } from "@/server/errors";
import type { Account } from "@/server/modules/accounts/accounts.schema";
import { getMembership } from "@/server/modules/users/get-membership";
import type { AssetScope } from "@/server/modules/asset-scope/asset-scope";
import { findMemberTimeZone } from "@/server/modules/notification-settings/find-member-time-zone";
import { isKnownTimeZone } from "../_components/ui/format-date";
import { canMember, type Permission, type Role } from "@/server/modules/users/roles";

export const loadSessionUser = cache(getSessionUser);

export const loadMembership = cache(async (userId: number, accountKey: string) => {
  try {
    return await getMembership({ userId, accountKey });
  } catch (error) {
    if (isAppError(error) && error.code === "ACCOUNT_NOT_FOUND") return null;
    throw error;
  }
});

/**
 * The zone every time is shown in for this member (docs/dashboard.md "Times"): their own from their profile, else
 * the account's. The layout hands it to client components (ViewerTimeZoneProvider); server-rendered text uses it too.
 */
export const loadViewerTimeZone = cache(async (userId: number, account: Pick<Account, "id" | "timeZone">): Promise<string> => {
  const own = await findMemberTimeZone({ accountId: account.id, userId });
  return own && isKnownTimeZone(own) ? own : account.timeZone;
});

export interface AccountPage {
  user: SessionUser;
  account: Account;
  role: Role;
  /** the assets the member sees (docs/fleet-records.md "Groups as scopes") */
  scope: AssetScope;
  can: (permission: Permission) => boolean;
}

/** `section` is the path below the account ("assets", "alerts?alert=812"), used to come back here after signing in. */
export async function requireAccountPage(accountKey: string, section: string): Promise<AccountPage> {
  const user = await loadSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/a/${accountKey}/${section}`)}`);
  const membership = await loadMembership(user.id, accountKey);
  if (!membership) notFound();
  const { account, role, scope } = membership;
  return { user, account, role, scope, can: (permission) => canMember(role, scope.groupIds !== null, permission) };
}
