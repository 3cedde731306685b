// Unknown devices: trackers that tried to connect with an IMEI no asset has, ready to be provisioned into this account.
import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { DevicesClient } from "./devices-client";

export const metadata: Metadata = { title: "Unknown devices" };

export default async function DevicesPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "devices");
  if (!page.can("assets.write")) return <NoAccess title="Unknown devices" />;
  return <DevicesClient accountKey={page.account.key} />;
}
