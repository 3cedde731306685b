// Platform accounts: the platform operator's list of every account, with its plan and add-ons to change (what
// `fleet account update` does), and the platform-wide vehicle profiles. Only users granted platform admin see it;
// the navigation shows it to them alone.
import type { Metadata } from "next";
import { isPlatformAdmin } from "@/server/modules/users/is-platform-admin";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { PlatformAccountsClient } from "./platform-accounts-client";
import { VehicleProfilesCard } from "./vehicle-profiles-card";

export const metadata: Metadata = { title: "Platform accounts" };

export default async function PlatformAccountsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "platform");
  if (!(await isPlatformAdmin(page.user.id))) return <NoAccess title="Platform accounts" />;
  return (
    <>
      <PlatformAccountsClient />
      <VehicleProfilesCard />
    </>
  );
}
