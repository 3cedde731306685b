// Edits an asset and its tracker: `imei` set fits or re-numbers the tracker, null removes it; `adapter` needs a
// tracker. Undefined fields are left as they are. A phone tracker (osmand) follows docs/osmand.md "The device id is a
// credential": a typed new device id needs the asset's opt-in (allowWeakDeviceId, given now or saved), and a phone
// tracker that gets no id (one added to an asset, or a tracker switched to osmand) gets a generated one.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type AssetDto, trackerIdentifierProblem, type UpdateAssetInput, ZUpdateAsset } from "./assets.schema";
import { generateDeviceId, WEAK_DEVICE_ID_RULE } from "./device-id";
import { imeiTaken } from "./imei-taken";
import { getAsset } from "./get-asset";

export async function updateAsset(input: UpdateAssetInput): Promise<AssetDto> {
  const { accountId, assetId, imei: typed, protocol, adapter, allowWeakDeviceId, ...fields } = parseInput(ZUpdateAsset, input);
  let imei = typed;
  try {
    await db().$transaction(async (tx) => {
      const asset = await tx.asset.findFirst({
        where: { id: assetId, accountId },
        select: { id: true, tracker: { select: { id: true, imei: true, protocol: true, allowWeakDeviceId: true } } },
      });
      if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);

      const assetData = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      if (Object.keys(assetData).length > 0) await tx.asset.update({ where: { id: assetId }, data: assetData });

      const tracker = asset.tracker;
      if (imei === null) {
        if (adapter) throw adapterNeedsTracker();
        if (tracker) await tx.tracker.delete({ where: { id: tracker.id } });
        return;
      }
      const nextProtocol = protocol ?? tracker?.protocol ?? "teltonika";
      const phone = nextProtocol === "osmand";
      const becomesPhone = phone && tracker?.protocol !== "osmand";
      // a phone without an id to keep: a new phone tracker, or a tracker switched to osmand (an IMEI is no phone id)
      const generated = phone && imei === undefined && becomesPhone;
      if (generated) imei = generateDeviceId();
      // the identifier must suit the protocol the tracker will have: a new id against the saved protocol, a new
      // protocol against the saved id
      const id = imei ?? tracker?.imei;
      const problem = id ? trackerIdentifierProblem(nextProtocol, id) : null;
      if (problem) throw invalidImei(problem);
      // a typed phone id: a new one, or the saved IMEI given again while the tracker becomes a phone
      const typedPhoneId = phone && !generated && imei !== undefined && (imei !== tracker?.imei || becomesPhone);
      const allowWeak = allowWeakDeviceId ?? tracker?.allowWeakDeviceId ?? false;
      if (typedPhoneId && !allowWeak) throw invalidImei(WEAK_DEVICE_ID_RULE);
      if (imei && imei !== tracker?.imei) {
        const other = await tx.tracker.findUnique({ where: { imei }, select: { id: true } });
        if (other) throw imeiTaken(imei);
      }
      const trackerData = {
        ...(imei !== undefined && { imei }),
        ...(protocol !== undefined && { protocol }),
        ...(adapter !== undefined && { canAdapter: adapter }),
        ...((generated || typedPhoneId) && { deviceIdGenerated: generated }),
        ...(allowWeakDeviceId !== undefined && { allowWeakDeviceId: phone && allowWeakDeviceId }),
      };
      if (tracker) {
        if (Object.keys(trackerData).length > 0) {
          await tx.tracker.update({ where: { id: tracker.id }, data: trackerData });
        }
      } else if (imei) {
        await tx.tracker.create({
          data: {
            accountId,
            assetId,
            imei,
            protocol: nextProtocol,
            canAdapter: adapter ?? null,
            deviceIdGenerated: generated,
            allowWeakDeviceId: phone && allowWeak,
          },
        });
      } else if (adapter) {
        throw adapterNeedsTracker();
      } else if (protocol) {
        throw new AppError("VALIDATION_FAILED", "protocol: needs a tracker: give an imei too", [
          { field: "protocol", message: "needs a tracker: give an imei too" },
        ]);
      }
    });
  } catch (error) {
    if (imei && isUniqueViolation(error)) throw imeiTaken(imei);
    throw error;
  }
  await announce("asset.changed", { accountId, assetId, change: "updated" });
  return getAsset({ accountId, assetId });
}

function invalidImei(problem: string) {
  return new AppError("VALIDATION_FAILED", `imei: ${problem}`, [{ field: "imei", message: problem }]);
}

function adapterNeedsTracker() {
  return new AppError("VALIDATION_FAILED", "adapter: needs a tracker: give an imei too", [
    { field: "adapter", message: "needs a tracker: give an imei too" },
  ]);
}
