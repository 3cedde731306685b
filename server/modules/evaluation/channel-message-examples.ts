// One typed example of each non-location channel message, as docs/alerts.md shows them. For tests of consumers
// (the live stream gateway, example clients) that need a realistic payload without running the evaluators.
import type { AlertMessage, DriverBehaviorMessage, VehicleHealthMessage } from "../stream/channel-messages";

const AT = Date.UTC(2026, 10, 23, 8, 30, 12);

export function exampleAlertMessage(accountId: number, assetId: number): AlertMessage {
  return {
    version: 1,
    accountId,
    assetId,
    id: 4812,
    type: "OVERSPEED",
    rule: { id: 17, name: "Speeding in town", type: "OVERSPEED" },
    firedAt: AT,
    message: "Speed 78 km/h, over the 60 km/h limit for 20 s",
    position: {
      latitude: 54.68712,
      longitude: 25.27964,
      speed: 78,
      course: 92,
      dateUpdated: AT,
      wsSeq: 1204571,
      address: { street: null, town: "Vilnius", country: "LT" },
    },
    details: { speedKmh: 78, limitKmh: 60, durationS: 20 },
  };
}

export function exampleVehicleHealthMessage(accountId: number, assetId: number): VehicleHealthMessage {
  return {
    version: 1,
    accountId,
    assetId,
    at: AT,
    externalVoltage: 13.92,
    batteryVoltage: 4.08,
    engineTemperature: 88.5,
    fuelLevelPercent: 64,
    fuelLevelLiters: 41.2,
    dtc: { codes: ["P0300"], count: 1 },
    odometer: 123456000,
    adapter: { programNumber: 1247, lineStatus: "ok" },
    changed: ["engineTemperature", "dtc"],
  };
}

export function exampleDriverBehaviorMessage(accountId: number, assetId: number): DriverBehaviorMessage {
  return {
    version: 1,
    accountId,
    assetId,
    type: "harsh_braking",
    at: AT,
    source: "device",
    value: 5.1,
    unit: "m/s2",
    threshold: 3.33,
    score: 54,
    severity: "medium",
    durationS: null,
    maxSpeedKmh: null,
    tripScore: 90,
    tripId: 311,
    driverId: null,
    position: {
      latitude: 54.68712,
      longitude: 25.27964,
      speed: 31,
      course: 92,
      dateUpdated: AT,
      wsSeq: 1204571,
      address: { street: null, town: "Vilnius", country: "LT" },
    },
  };
}
