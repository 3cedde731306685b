// Test support: live positions as the pipeline publishes them, and asset_states rows as it stores them.
import { db } from "../db/client";
import type { LivePosition } from "../modules/positions/live-position";
import { detailedStatus } from "../modules/positions/vehicle-status";

export function livePosition(input: Partial<LivePosition> & { assetId: number; wsSeq: number }): LivePosition {
  const dateUpdated = input.dateUpdated ?? Date.UTC(2026, 0, 1) + input.wsSeq * 1000;
  const speed = input.speed ?? 42;
  return {
    trackerImei: `35${String(input.assetId).padStart(13, "0")}`,
    latitude: 54.6872 + input.wsSeq * 1e-5,
    longitude: 25.2797,
    speed,
    course: 90,
    dateUpdated,
    dateMoved: dateUpdated,
    status: detailedStatus({ speed, ignition: true, fixTime: dateUpdated, now: dateUpdated }),
    accountId: 1,
    trackerId: input.assetId,
    protocol: "teltonika",
    receivedAt: dateUpdated + 150,
    altitude: 110,
    satellites: 12,
    priority: 0,
    eventIoId: 0,
    ignition: true,
    moving: speed > 0,
    odometer: 1_000_000,
    geoPoint: { street: null, town: "Vilnius", country: "LT" },
    power: { externalVoltage: 13.9, batteryVoltage: 4.1, batteryLevel: null },
    battery: { voltage: 4.1, level: null, current: null },
    gpsSignal: { satellites: 12, gnssStatus: 1, hdop: 0.8, pdop: 1.2 },
    gsmSignal: 4,
    driverId: null,
    sensors: {},
    notMeasured: [],
    beacons: [],
    ioData: { ignition: 1, movement: 1 } as unknown as LivePosition["ioData"],
    startStopTrip: null,
    tracker: { id: input.assetId, imei: `35${String(input.assetId).padStart(13, "0")}`, protocol: "teltonika" },
    ...input,
  };
}

/** stores `position` as its asset's last known position, as the position writer does */
export async function storeAssetState(position: LivePosition): Promise<void> {
  const data = {
    positionId: BigInt(position.wsSeq),
    fixTime: new Date(position.dateUpdated),
    receivedAt: new Date(position.receivedAt),
    wsSeq: BigInt(position.wsSeq),
    dateMoved: new Date(position.dateMoved),
    payload: position as object,
  };
  await db().assetState.upsert({ where: { assetId: position.assetId }, create: { assetId: position.assetId, ...data }, update: data });
}
