import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { ApiAccessClient } from "./api-access-client";

export const metadata: Metadata = { title: "API access" };

export default async function ApiAccessPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "api-access");
  if (!page.can("api.manage")) return <NoAccess title="API access" />;
  return <ApiAccessClient accountKey={page.account.key} currentUserId={page.user.id} />;
}
