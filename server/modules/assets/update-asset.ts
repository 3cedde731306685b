// Edits an asset and its tracker: `imei` set fits or re-numbers the tracker, null removes it; `adapter` needs a
// tracker. Undefined fields are left as they are.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type AssetDto, trackerIdentifierProblem, type UpdateAssetInput, ZUpdateAsset } from "./assets.schema";
import { imeiTaken } from "./imei-taken";
import { getAsset } from "./get-asset";

export async function updateAsset(input: UpdateAssetInput): Promise<AssetDto> {
  const { accountId, assetId, imei, protocol, adapter, ...fields } = parseInput(ZUpdateAsset, input);
  try {
    await db().$transaction(async (tx) => {
      const asset = await tx.asset.findFirst({
        where: { id: assetId, accountId },
        select: { id: true, tracker: { select: { id: true, imei: true, protocol: true } } },
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
      // the identifier must suit the protocol the tracker will have: a new id against the saved protocol, a new
      // protocol against the saved id (a Teltonika IMEI is a fine OsmAnd id, the other way round it is not)
      const id = imei ?? tracker?.imei;
      const problem = id ? trackerIdentifierProblem(protocol ?? tracker?.protocol ?? "teltonika", id) : null;
      if (problem) {
        throw new AppError("VALIDATION_FAILED", `imei: ${problem}`, [{ field: "imei", message: problem }]);
      }
      if (imei && imei !== tracker?.imei) {
        const other = await tx.tracker.findUnique({ where: { imei }, select: { id: true } });
        if (other) throw imeiTaken(imei);
      }
      const trackerData = {
        ...(imei !== undefined && { imei }),
        ...(protocol !== undefined && { protocol }),
        ...(adapter !== undefined && { canAdapter: adapter }),
      };
      if (tracker) {
        if (Object.keys(trackerData).length > 0) {
          await tx.tracker.update({ where: { id: tracker.id }, data: trackerData });
        }
      } else if (imei) {
        await tx.tracker.create({
          data: { accountId, assetId, imei, protocol: protocol ?? "teltonika", canAdapter: adapter ?? null },
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

function adapterNeedsTracker() {
  return new AppError("VALIDATION_FAILED", "adapter: needs a tracker: give an imei too", [
    { field: "adapter", message: "needs a tracker: give an imei too" },
  ]);
}
