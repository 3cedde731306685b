// Tracking links: the pages passengers open to follow a vehicle (/t/{uuid}), listed and managed per account.
import type { Metadata } from "next";
import { linkAccount } from "../../../_components/links/link-account";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { LinksClient } from "./links-client";

export const metadata: Metadata = { title: "Links" };

export default async function LinksPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "links");
  if (!page.can("assets.read")) return <NoAccess title="Links" />;
  return <LinksClient account={linkAccount(page.account, page.can("links.manage"))} />;
}
