// Creates an asset and, when an IMEI is given, its tracker. IMEIs are unique across the whole platform: a tracker
// connects before anyone knows its account, so its IMEI alone must name exactly one asset. A phone tracker (osmand)
// without a typed device id gets one generated here (docs/osmand.md "The device id is a credential"); a typed one is
// accepted only with the asset's opt-in (the schema refuses it otherwise).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type CreateAssetInput, ZCreateAsset } from "./assets.schema";
import { ensureAccount } from "../accounts/ensure-account";
import { generateDeviceId } from "./device-id";
import { imeiTaken } from "./imei-taken";

/** `imei`: the tracker's identifier as saved (the generated device id of a phone), null without a tracker */
export async function createAsset(input: CreateAssetInput): Promise<{ id: number; trackerId: number | null; imei: string | null }> {
  const { accountId, name, plate, vin, brand, model, variant, imei: typed, protocol, adapter, allowWeakDeviceId } = parseInput(
    ZCreateAsset,
    input,
  );
  const phone = protocol === "osmand";
  const generated = phone && !typed;
  const imei = generated ? generateDeviceId() : typed;
  const prisma = db();
  await ensureAccount(prisma, accountId);
  if (imei && (await prisma.tracker.findUnique({ where: { imei }, select: { id: true } }))) throw imeiTaken(imei);
  try {
    const asset = await prisma.asset.create({
      data: {
        accountId,
        name,
        plate: plate ?? null,
        vin: vin ?? null,
        brand: brand ?? null,
        model: model ?? null,
        variant: variant ?? null,
        tracker: imei
          ? {
              create: {
                accountId,
                imei,
                protocol,
                canAdapter: adapter ?? null,
                deviceIdGenerated: generated,
                allowWeakDeviceId: phone && allowWeakDeviceId,
              },
            }
          : undefined,
      },
      select: { id: true, tracker: { select: { id: true } } },
    });
    await announce("asset.changed", { accountId, assetId: asset.id, change: "created" });
    return { id: asset.id, trackerId: asset.tracker?.id ?? null, imei: asset.tracker ? imei! : null };
  } catch (error) {
    if (imei && isUniqueViolation(error)) throw imeiTaken(imei); // lost a race for the same IMEI
    throw error;
  }
}
