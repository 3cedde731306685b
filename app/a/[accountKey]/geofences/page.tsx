// Geofences: circles and polygons drawn on the map, used by geofence alert rules.
import type { Metadata } from "next";
import { env } from "@/server/env";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { GeofencesClient } from "./geofences-client";

export const metadata: Metadata = { title: "Geofences" };

export default async function GeofencesPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "geofences");
  if (!page.can("alerts.read")) return <NoAccess title="Geofences" />;
  return <GeofencesClient accountKey={page.account.key} canManage={page.can("alerts.manage")} mapStyle={mapStyleFor(env())} />;
}
