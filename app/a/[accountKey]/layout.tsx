// The frame of every account page. Membership decides the navigation; a non-member gets 404. Without a session the
// page itself redirects to sign-in (it knows its own address for the way back), so this renders only the page.
// The dashboard's API client (tRPC) is provided here, not in the root layout: public pages such as /t/{uuid} never
// load it.
import { notFound } from "next/navigation";
import { listUserAccounts } from "@/server/modules/users/list-user-accounts";
import { can, ROLE_LABELS, type Permission } from "@/server/modules/users/roles";
import { AppShell, type NavItem } from "../../_components/app-shell";
import { TrpcProvider } from "../../_components/trpc";
import { loadMembership, loadSessionUser } from "../../_lib/account-page";

export const dynamic = "force-dynamic";

const NAV: Array<{ section: string; label: string; permission?: Permission }> = [
  { section: "dashboard", label: "Overview" },
  { section: "map", label: "Live map", permission: "assets.read" },
  { section: "assets", label: "Assets", permission: "assets.read" },
  { section: "links", label: "Links", permission: "assets.read" },
  { section: "alerts", label: "Alerts", permission: "alerts.read" },
  { section: "alerts/rules", label: "Alert rules", permission: "alerts.read" },
  { section: "geofences", label: "Geofences", permission: "alerts.read" },
  { section: "devices", label: "Unknown devices", permission: "assets.write" },
  { section: "users", label: "Users and roles", permission: "users.manage" },
  { section: "api-access", label: "API access", permission: "api.manage" },
  { section: "settings", label: "Settings", permission: "account.manage" },
];

export default async function AccountLayout({ children, params }: { children: React.ReactNode; params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const user = await loadSessionUser();
  if (!user) return <TrpcProvider>{children}</TrpcProvider>;
  const membership = await loadMembership(user.id, accountKey);
  if (!membership) notFound();
  const { account, role } = membership;
  const accounts = await listUserAccounts({ userId: user.id });
  const nav: NavItem[] = NAV.filter((item) => !item.permission || can(role, item.permission)).map((item) => ({
    href: `/a/${account.key}/${item.section}`,
    label: item.label,
  }));
  return (
    <AppShell
      account={{ key: account.key, name: account.name }}
      roleLabel={ROLE_LABELS[role]}
      user={{ name: user.name, email: user.email }}
      accounts={accounts.map(({ key, name }) => ({ key, name }))}
      nav={nav}
    >
      <TrpcProvider>{children}</TrpcProvider>
    </AppShell>
  );
}
