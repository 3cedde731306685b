// The frame of every account page. Membership decides the navigation; a non-member gets 404. Without a session the
// page itself redirects to sign-in (it knows its own address for the way back), so this renders only the page.
// The dashboard's API client (tRPC) is provided here, not in the root layout: public pages such as /t/{uuid} never
// load it.
import { notFound } from "next/navigation";
import { countPendingAccessRequests } from "@/server/modules/access-requests/count-pending-access-requests";
import { countUnseenFormSubmissions } from "@/server/modules/link-forms/count-unseen-form-submissions";
import { isPlatformAdmin } from "@/server/modules/users/is-platform-admin";
import { listUserAccounts } from "@/server/modules/users/list-user-accounts";
import { can, ROLE_LABELS, type Permission } from "@/server/modules/users/roles";
import { AppShell, type NavItem } from "../../_components/app-shell";
import { InboxBell } from "../../_components/inbox/inbox-bell";
import { InvitationsBanner } from "../../_components/invitations-banner";
import { TrpcProvider } from "../../_components/trpc";
import { ViewerTimeZoneProvider } from "../../_components/ui/viewer-time-zone";
import { loadMembership, loadSessionUser, loadViewerTimeZone } from "../../_lib/account-page";

export const dynamic = "force-dynamic";

/** what waits for the team, counted for the navigation's badges */
const BADGES = {
  accessRequests: { count: countPendingAccessRequests, label: "waiting" },
  formSubmissions: { count: countUnseenFormSubmissions, label: "unseen" },
} as const;

const NAV: Array<{ section: string; label: string; permission?: Permission; badge?: keyof typeof BADGES; platformAdmin?: true }> = [
  { section: "dashboard", label: "Overview" },
  { section: "map", label: "Live map", permission: "assets.read" },
  { section: "assets", label: "Assets", permission: "assets.read" },
  { section: "groups", label: "Groups", permission: "assets.read" },
  { section: "tags", label: "Tags", permission: "assets.read" },
  { section: "reports", label: "Reports", permission: "assets.read" },
  { section: "reminders", label: "Reminders", permission: "assets.read" },
  { section: "links", label: "Links", permission: "assets.read" },
  { section: "access-requests", label: "Access requests", permission: "links.manage", badge: "accessRequests" },
  { section: "passenger-messages", label: "Passenger messages", permission: "passengers.manage", badge: "formSubmissions" },
  // school transport: every member reads routes and drivers
  { section: "routes", label: "Routes" },
  { section: "drivers", label: "Drivers" },
  // ranked by the trips of the assets the member sees
  { section: "drivers/scorecards", label: "Driver scorecards", permission: "assets.read" },
  { section: "messages", label: "Messages" },
  { section: "alerts", label: "Alerts", permission: "alerts.read" },
  { section: "alerts/rules", label: "Alert rules", permission: "alerts.read" },
  { section: "geofences", label: "Geofences", permission: "alerts.read" },
  { section: "imports", label: "Imports", permission: "imports.manage" },
  { section: "devices", label: "Unknown devices", permission: "assets.write" },
  { section: "users", label: "Users and roles", permission: "users.manage" },
  { section: "webhooks", label: "Webhooks", permission: "webhooks.manage" },
  { section: "api-access", label: "API access", permission: "api.manage" },
  { section: "settings", label: "Settings", permission: "account.manage" },
  // the platform operator's own section, whatever their role in this account
  { section: "platform", label: "Platform accounts", platformAdmin: true },
];

export default async function AccountLayout({ children, params }: { children: React.ReactNode; params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const user = await loadSessionUser();
  if (!user) return <TrpcProvider>{children}</TrpcProvider>;
  const membership = await loadMembership(user.id, accountKey);
  if (!membership) notFound();
  const { account, role } = membership;
  const accounts = await listUserAccounts({ userId: user.id });
  const operator = await isPlatformAdmin(user.id);
  const timeZone = await loadViewerTimeZone(user.id, account);
  const nav: NavItem[] = await Promise.all(
    NAV.filter((item) => (!item.permission || can(role, item.permission)) && (!item.platformAdmin || operator)).map(async (item) => {
      const badge = item.badge ? BADGES[item.badge] : null;
      const count = badge ? await badge.count({ accountId: account.id }) : 0;
      return {
        href: `/a/${account.key}/${item.section}`,
        label: item.label,
        ...(badge && count > 0 && { badge: { count, label: badge.label } }),
      };
    }),
  );
  return (
    <AppShell
      account={{ key: account.key, name: account.name }}
      roleLabel={ROLE_LABELS[role]}
      user={{ name: user.name, email: user.email }}
      accounts={accounts.map(({ key, name }) => ({ key, name }))}
      nav={nav}
    >
      <TrpcProvider>
        <ViewerTimeZoneProvider timeZone={timeZone}>
          <div className="mb-4 flex justify-end">
            <InboxBell accountKey={account.key} accountId={account.id} userId={user.id} />
          </div>
          <InvitationsBanner />
          {children}
        </ViewerTimeZoneProvider>
      </TrpcProvider>
    </AppShell>
  );
}
