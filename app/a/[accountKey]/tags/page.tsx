// Tags: flat labels with a colour for assets and drivers (docs/fleet-records.md "Tags").
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { TagsClient } from "./tags-client";

export const metadata: Metadata = { title: "Tags" };

export default async function TagsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "tags");
  if (!page.can("assets.read")) return <NoAccess title="Tags" />;
  return <TagsClient accountKey={page.account.key} canWrite={page.can("assets.write")} />;
}
