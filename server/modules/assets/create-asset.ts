// Creates an asset and, when an IMEI is given, its tracker. IMEIs are unique across the whole platform: a tracker
// connects before anyone knows its account, so its IMEI alone must name exactly one asset.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type CreateAssetInput, ZCreateAsset } from "./assets.schema";
import { ensureAccount } from "../accounts/ensure-account";
import { imeiTaken } from "./imei-taken";

export async function createAsset(input: CreateAssetInput): Promise<{ id: number; trackerId: number | null }> {
  const { accountId, name, plate, brand, model, variant, imei, protocol, adapter } = parseInput(ZCreateAsset, input);
  const prisma = db();
  await ensureAccount(prisma, accountId);
  if (imei && (await prisma.tracker.findUnique({ where: { imei }, select: { id: true } }))) throw imeiTaken(imei);
  try {
    const asset = await prisma.asset.create({
      data: {
        accountId,
        name,
        plate: plate ?? null,
        brand: brand ?? null,
        model: model ?? null,
        variant: variant ?? null,
        tracker: imei ? { create: { accountId, imei, protocol, canAdapter: adapter ?? null } } : undefined,
      },
      select: { id: true, tracker: { select: { id: true } } },
    });
    await announce("asset.changed", { accountId, assetId: asset.id, change: "created" });
    return { id: asset.id, trackerId: asset.tracker?.id ?? null };
  } catch (error) {
    if (imei && isUniqueViolation(error)) throw imeiTaken(imei); // lost a race for the same IMEI
    throw error;
  }
}
