// Alerts: what fired, newest first, with where it happened on a map and who was notified.
import type { Metadata } from "next";
import { env } from "@/server/env";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { AlertsClient } from "./alerts-client";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "alerts");
  if (!page.can("alerts.read")) return <NoAccess title="Alerts" />;
  return <AlertsClient accountKey={page.account.key} mapStyle={mapStyleFor(env())} canAcknowledge={page.can("alerts.manage")} />;
}
