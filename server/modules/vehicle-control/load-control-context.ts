// Loads the facts the capabilities are computed from: the asset's tracker and adapter, its vehicle profile, whether
// the tracker is connected, and its newest stored record.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { deviceCommands } from "../devices/device-port";
import { protocolCatalogue } from "../protocol-port";
import { isAdapterKind } from "../assets/adapter-kinds";
import type { LivePosition } from "../positions/live-position";
import type { ControlFacts } from "./control-capabilities";
import { controlSettings } from "./control-settings";
import { findVehicleProfile } from "./vehicle-profiles";

export interface ControlContext {
  facts: ControlFacts;
  assetId: number;
  tracker: { id: number; imei: string } | null;
}

export async function loadControlContext(input: { accountId: number; assetId: number }): Promise<ControlContext> {
  const asset = await db().asset.findFirst({
    where: { id: input.assetId, accountId: input.accountId },
    select: {
      id: true,
      brand: true,
      model: true,
      variant: true,
      tracker: { select: { id: true, imei: true, protocol: true, canAdapter: true, adapterProgramNumber: true } },
      state: { select: { fixTime: true, payload: true } },
    },
  });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${input.assetId} not found`);
  const tracker = asset.tracker;
  const vehicle = { brand: asset.brand, model: asset.model, variant: asset.variant };
  const [profile, online] = await Promise.all([
    findVehicleProfile(vehicle),
    tracker ? (deviceCommands()?.isOnline(tracker.id) ?? Promise.resolve(false)) : Promise.resolve(false),
  ]);
  const payload = asset.state?.payload as LivePosition | undefined;
  return {
    assetId: asset.id,
    tracker: tracker ? { id: tracker.id, imei: tracker.imei } : null,
    facts: {
      // no tracker: no_adapter_detected says so
      protocolHasCommands: tracker ? protocolCatalogue().carriesCommands(tracker.protocol) : true,
      adapter: tracker && isAdapterKind(tracker.canAdapter) ? tracker.canAdapter : null,
      programNumber: tracker?.adapterProgramNumber || null,
      vehicle,
      profile,
      online,
      lastRecord: asset.state
        ? { fixTime: asset.state.fixTime.getTime(), speed: payload?.speed ?? 0, ignition: payload?.ignition ?? null }
        : null,
      now: Date.now(),
      staleAfterMs: controlSettings().staleAfterMs,
      interlockFreshMs: controlSettings().interlockFreshMs,
    },
  };
}
