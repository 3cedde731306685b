// Alerts: what fired, newest first, with where it happened on a map and who was notified.
import type { Metadata } from "next";
import { env } from "@/server/env";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { AlertsClient } from "./alerts-client";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage({ params, searchParams }: { params: Promise<{ accountKey: string }>; searchParams: Promise<{ alert?: string }> }) {
  const { accountKey } = await params;
  // ?alert=812: opened from a notification (the inbox, an e-mail); a bad value opens the list as usual
  const requested = Number((await searchParams).alert);
  const alertId = Number.isSafeInteger(requested) && requested > 0 ? requested : null;
  // signed out (a link in an e-mail), the way back after signing in keeps the alert
  const page = await requireAccountPage(accountKey, alertId === null ? "alerts" : `alerts?alert=${alertId}`);
  if (!page.can("alerts.read")) return <NoAccess title="Alerts" />;
  return <AlertsClient accountKey={page.account.key} mapStyle={mapStyleFor(env())} canAcknowledge={page.can("alerts.manage")} initialAlertId={alertId} />;
}
