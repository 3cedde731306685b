// One asset: header, latest IO/CAN readings, history playback, trips, vehicle control, photos and its tracking links.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/server/env";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { isAppError } from "@/server/errors";
import { getAsset } from "@/server/modules/assets/get-asset";
import { linkAccount } from "../../../../_components/links/link-account";
import { NoAccess } from "../../../../_components/no-access";
import { requireAccountPage } from "../../../../_lib/account-page";
import { AssetClient } from "./asset-client";
import { PhoneSetup } from "./phone-setup";

export const metadata: Metadata = { title: "Asset" };

type Params = { params: Promise<{ accountKey: string; assetId: string }> };

export default async function AssetPage({ params }: Params) {
  const { accountKey, assetId } = await params;
  const page = await requireAccountPage(accountKey, `assets/${encodeURIComponent(assetId)}`);
  if (!page.can("assets.read")) return <NoAccess title="Asset" />;
  const id = Number(assetId);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  // another account's asset, or one outside a limited member's groups, is "not found", like one that does not exist
  const asset = await getAsset({ accountId: page.account.id, assetId: id, scope: page.scope }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "ASSET_NOT_FOUND") return null;
    throw error;
  });
  if (!asset) notFound();
  return (
    <>
      <AssetClient
        accountKey={page.account.key}
        asset={asset}
        mapStyle={mapStyleFor(env())}
        links={linkAccount(page.account, page.can("links.manage"))}
        control={{ canControl: page.can("vehicles.control"), canProvision: page.can("vehicles.provision") }}
        canEditPhotos={page.can("assets.write")}
      />
      <PhoneSetup tracker={asset.tracker} accountKey={page.account.key} assetId={asset.id} canRekey={page.can("assets.write")} />
    </>
  );
}
