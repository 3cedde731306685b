// The newest position's IO and CAN values of one asset with their units (the asset page's readings panel): read from
// the asset's stored state, described through the protocol-neutral IO dictionary, CAN values reset at ignition off
// marked as not measured.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { protocolCatalogue } from "../protocol-port";
import type { LivePosition } from "./live-position";
import type { LatestReadings, Reading } from "./positions.schema";

export async function getLatestReadings(input: { accountId: number; assetId: number }): Promise<LatestReadings> {
  const asset = await db().asset.findFirst({
    where: { id: input.assetId, accountId: input.accountId },
    select: { id: true, state: { select: { payload: true } } },
  });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${input.assetId} not found`);
  const payload = asset.state?.payload as LivePosition | undefined;
  if (!payload) return { dateUpdated: null, readings: [] };
  const notMeasured = new Set(payload.notMeasured ?? []);
  const readings: Reading[] = Object.entries({ ...payload.ioData, ...payload.sensors })
    .map(([name, value]) => {
      const description = protocolCatalogue().describeIo(name, payload.protocol);
      return {
        name,
        value,
        unit: description?.unit ?? null,
        group: description?.group ?? null,
        measured: !notMeasured.has(name),
        protocolId: description?.protocolId ?? null,
        levelMax: description?.levelMax ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { dateUpdated: payload.dateUpdated, readings };
}
