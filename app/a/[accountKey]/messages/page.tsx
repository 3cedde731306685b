// Messages: conversations between dispatch and drivers (docs/messaging.md). Every member reads them; dispatch roles
// (messages.send) write, send drivers their sign-in links and PINs, and manage canned replies and the SMS fallback.
import type { Metadata } from "next";
import { requireAccountPage } from "../../../_lib/account-page";
import { MessagesClient } from "./messages-client";

export const metadata: Metadata = { title: "Messages" };

export default async function MessagesPage({ params, searchParams }: { params: Promise<{ accountKey: string }>; searchParams: Promise<{ driver?: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "messages");
  // ?driver=12 opens that conversation (the inbox links a driver's reply here)
  const driver = Number((await searchParams).driver);
  return (
    <MessagesClient
      accountKey={page.account.key}
      canSend={page.can("messages.send")}
      canReadAssets={page.can("assets.read")}
      initialDriverId={Number.isSafeInteger(driver) && driver > 0 ? driver : null}
    />
  );
}
