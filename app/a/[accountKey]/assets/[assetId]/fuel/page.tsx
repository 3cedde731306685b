// One asset's fuel and odometer entries (docs/fleet-records.md "Dashboard"): consumption summary and chart, fuel
// entries with their figures, odometer readings, and forms to log both.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isAppError } from "@/server/errors";
import { getAsset } from "@/server/modules/assets/get-asset";
import { NoAccess } from "../../../../../_components/no-access";
import { requireAccountPage } from "../../../../../_lib/account-page";
import { FuelClient } from "./fuel-client";

export const metadata: Metadata = { title: "Fuel & odometer" };

type Params = { params: Promise<{ accountKey: string; assetId: string }> };

export default async function FuelPage({ params }: Params) {
  const { accountKey, assetId } = await params;
  const page = await requireAccountPage(accountKey, `assets/${encodeURIComponent(assetId)}/fuel`);
  if (!page.can("assets.read")) return <NoAccess title="Fuel & odometer" />;
  const id = Number(assetId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const asset = await getAsset({ accountId: page.account.id, assetId: id }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "ASSET_NOT_FOUND") return null;
    throw error;
  });
  if (!asset) notFound();
  return <FuelClient accountKey={page.account.key} asset={{ id: asset.id, name: asset.name }} canWrite={page.can("assets.write")} />;
}
