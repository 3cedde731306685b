// Reminders: service and renewal reminders sorted by urgency, with service logging (docs/fleet-records.md).
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { RemindersClient } from "./reminders-client";

export const metadata: Metadata = { title: "Reminders" };

export default async function RemindersPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "reminders");
  if (!page.can("assets.read")) return <NoAccess title="Reminders" />;
  return <RemindersClient accountKey={page.account.key} canManage={page.can("assets.write")} />;
}
