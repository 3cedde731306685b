// Passenger messages: what viewers sent through their links' forms ("Not riding today"), for the roles that look
// after passengers (docs/public-tracking.md, "Link forms").
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { PassengerMessagesClient } from "./passenger-messages-client";

export const metadata: Metadata = { title: "Passenger messages" };

export default async function PassengerMessagesPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "passenger-messages");
  if (!page.can("passengers.manage")) return <NoAccess title="Passenger messages" />;
  return <PassengerMessagesClient accountKey={page.account.key} />;
}
