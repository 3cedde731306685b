// The live map: every vehicle of the account where it is now, updated as positions arrive.
import type { Metadata } from "next";
import { env } from "@/server/env";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { LiveMap } from "../../../_components/map/live-map";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";

export const metadata: Metadata = { title: "Live map" };

export default async function MapPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "map");
  if (!page.can("assets.read")) return <NoAccess title="Live map" />;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Live map</h1>
      <LiveMap accountKey={page.account.key} mapStyle={mapStyleFor(env())} />
    </>
  );
}
