// Access requests: viewers of authorised-only links asking to be let in, approved or rejected by the roles that
// manage links (docs/public-tracking.md, "Access requests").
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { AccessRequestsClient } from "./access-requests-client";

export const metadata: Metadata = { title: "Access requests" };

export default async function AccessRequestsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "access-requests");
  if (!page.can("links.manage")) return <NoAccess title="Access requests" />;
  return <AccessRequestsClient accountKey={page.account.key} />;
}
