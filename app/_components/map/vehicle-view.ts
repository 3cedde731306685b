// How the dashboard shows a vehicle: status judged now (a vehicle that stopped reporting turns offline without a new
// position), and short formats for speed, time and address.
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import { STATUS_COLORS, STATUS_THRESHOLDS, type StatusName } from "@/server/modules/positions/vehicle-status";
import type { MapPosition } from "@/server/modules/positions/positions.schema";

export interface VehicleView {
  id: number;
  name: string;
  plate: string | null;
  imei: string | null;
  position: MapPosition | null;
}

export const STATUS_LABELS: Record<StatusName, string> = { moving: "Moving", idle: "Idling", parked: "Parked", offline: "Offline" };

/** `now` 0 (clock not read yet): the status as reported */
export function statusNow(position: MapPosition | null, now: number): { name: StatusName | "none"; label: string; color: string } {
  if (!position) return { name: "none", label: "No position yet", color: "#94a3b8" };
  if (now > 0 && now - position.dateUpdated > STATUS_THRESHOLDS.offlineAfterMs) {
    return { name: "offline", label: STATUS_LABELS.offline, color: STATUS_COLORS.offline };
  }
  return { name: position.status.name, label: position.status.label, color: position.status.color };
}

/** the asset list's last_position as a map position; wsSeq 0: any streamed fix of the same time or newer wins */
export function fromAssetDto(asset: AssetDto): VehicleView {
  const p = asset.last_position;
  return {
    id: asset.id,
    name: asset.name,
    plate: asset.plate,
    imei: asset.tracker?.imei ?? null,
    position: p
      ? {
          assetId: asset.id,
          latitude: p.latitude,
          longitude: p.longitude,
          speed: p.speed,
          course: p.course,
          ignition: p.ignition,
          dateUpdated: Date.parse(p.date_updated),
          wsSeq: 0,
          status: p.status,
          address: p.address,
        }
      : null,
  };
}

export function formatAddress(address: MapPosition["address"]): string | null {
  if (!address) return null;
  const parts = [address.street, address.town, address.country].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

export function formatCoordinates(p: { latitude: number; longitude: number }): string {
  return `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;
}
