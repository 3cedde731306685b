// Webhooks: the addresses of the account's own systems that hear about passenger-link activity (docs/webhooks.md).
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { WebhooksClient } from "./webhooks-client";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "webhooks");
  if (!page.can("webhooks.manage")) return <NoAccess title="Webhooks" />;
  return <WebhooksClient accountKey={page.account.key} />;
}
