// Alert rules: what fires an alert, for which assets.
import type { Metadata } from "next";
import { NoAccess } from "../../../../_components/no-access";
import { requireAccountPage } from "../../../../_lib/account-page";
import { RulesClient } from "./rules-client";

export const metadata: Metadata = { title: "Alert rules" };

export default async function AlertRulesPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "alerts/rules");
  if (!page.can("alerts.read")) return <NoAccess title="Alert rules" />;
  return <RulesClient accountKey={page.account.key} canManage={page.can("alerts.manage")} />;
}
