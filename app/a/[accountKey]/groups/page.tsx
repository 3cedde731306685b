// Asset groups: the account's tree of groups (depots, regions, customers) with their vehicle counts
// (docs/fleet-records.md).
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { GroupsClient } from "./groups-client";

export const metadata: Metadata = { title: "Groups" };

export default async function GroupsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "groups");
  if (!page.can("assets.read")) return <NoAccess title="Groups" />;
  return <GroupsClient accountKey={page.account.key} canWrite={page.can("assets.write")} />;
}
