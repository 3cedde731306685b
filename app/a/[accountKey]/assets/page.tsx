import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { AssetsClient } from "./assets-client";

export const metadata: Metadata = { title: "Assets" };

export default async function AssetsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "assets");
  if (!page.can("assets.read")) return <NoAccess title="Assets" />;
  return <AssetsClient accountKey={page.account.key} canWrite={page.can("assets.write")} />;
}
