// The health values of one live position: voltages, engine temperature, fuel, trouble codes, odometer and the CAN
// adapter's state. A record that does not carry a value keeps the previous one (Teltonika devices send some IO
// elements only when they change), so a snapshot always shows the latest known value of each.
import type { LivePosition } from "../positions/live-position";
import type { AdapterLineStatus, VehicleHealthMessage } from "../stream/channel-messages";
import { numericIo as num } from "../../tracker/record";
import { readDtc } from "../alerts/dtc-codes";

export type HealthValues = Omit<VehicleHealthMessage, "version" | "accountId" | "assetId" | "at" | "changed">;

/** CAN elements that describe the adapter itself, not data it read from the vehicle bus */
const ADAPTER_META = new Set(["canProgramNumber", "canModuleId", "canModuleId17b"]);


export function readHealth(p: LivePosition, previous: HealthValues | null): HealthValues {
  const dtc = readDtc(p.ioData);
  const programNumber = num(p.ioData.canProgramNumber);
  // zero values reset at ignition off are still the adapter talking (enrich lists them in notMeasured)
  const busData = p.notMeasured.length > 0 || Object.keys(p.sensors).some((name) => !ADAPTER_META.has(name));
  let adapter = previous?.adapter ?? null;
  if (programNumber !== null || busData) {
    const known = programNumber ?? adapter?.programNumber ?? null;
    const lineStatus: AdapterLineStatus = known === 0 ? "program_number_not_set" : busData ? "ok" : "no_data";
    adapter = { programNumber: known, lineStatus };
  }
  return {
    externalVoltage: p.power.externalVoltage ?? previous?.externalVoltage ?? null,
    batteryVoltage: p.power.batteryVoltage ?? previous?.batteryVoltage ?? null,
    engineTemperature:
      num(p.sensors.canEngineTemperature) ?? num(p.ioData.coolantTemperature) ?? previous?.engineTemperature ?? null,
    fuelLevelPercent: num(p.sensors.canFuelLevelPercent) ?? num(p.ioData.fuelLevel) ?? previous?.fuelLevelPercent ?? null,
    fuelLevelLiters: num(p.sensors.canFuelLevelLiters) ?? num(p.ioData.oemFuelLevel) ?? previous?.fuelLevelLiters ?? null,
    dtc:
      dtc.codes === null && dtc.count === null
        ? (previous?.dtc ?? { codes: [], count: null })
        : { codes: dtc.codes ?? (dtc.count === 0 ? [] : (previous?.dtc.codes ?? [])), count: dtc.count },
    odometer: p.odometer ?? previous?.odometer ?? null,
    adapter,
  };
}
