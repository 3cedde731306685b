// Which IO values are temperature sensors, and which of their readings are error codes (docs/reports-engine.md
// "Temperature"). A sensor is any IO value in °C outside the OBD and CAN groups (those are engine and vehicle
// temperatures, not cargo): Teltonika BLE `bleTemperature1..4` (IO 25..28, ×0.01), EYE `eyeTemperature1..4`,
// 1-Wire/Dallas `dallasTemperature1..4` (IO 72..75, ×0.1), LLS fuel-probe temperatures, and whatever a protocol's
// dictionary adds later. Readings are published already scaled (io-values.ts), so the error codes are judged scaled:
//   - any reading outside -60..130 °C, the widest range such probes measure (DS18B20 -55..125 °C, BLE -40..125 °C).
//     This drops BLE 32767 (327.67 °C, "sensor not found" in io-elements.ts), Dallas 2000/3000/4000/5000 raw
//     (200..500 °C: read error, not connected, id failed) and -1000 raw (-100 °C), and the BLE 2000/3000/4000 codes of
//     Teltonika's tables that state a ×0.1 multiplier (200..400 °C).
//   - Dallas exactly 85.0 °C: the DS18B20's power-on value, sent as 850 raw when the probe was not ready.
// With this project's ×0.01 BLE scaling the 2000/3000/4000 codes would read 20.00/30.00/40.00 °C, which are real
// temperatures too: they are kept, not guessed at.
import { protocolCatalogue } from "../../protocol-port";

export const TEMPERATURE_RANGE_C = { min: -60, max: 130 } as const;
const DALLAS_NOT_READY_C = 85;

const known = new Map<string, boolean>();

/** true for an IO name that is a temperature sensor */
export function temperatureSensor(name: string): boolean {
  let sensor = known.get(name);
  if (sensor === undefined) {
    const description = protocolCatalogue().describeIo(name);
    sensor = description?.unit === "°C" && description.group !== "obd" && description.group !== "can";
    known.set(name, sensor);
  }
  return sensor;
}

/** true when a sensor's reading is an error code, not a temperature */
export function isSentinelReading(sensor: string, celsius: number): boolean {
  if (!Number.isFinite(celsius) || celsius < TEMPERATURE_RANGE_C.min || celsius > TEMPERATURE_RANGE_C.max) return true;
  return sensor.startsWith("dallasTemperature") && celsius === DALLAS_NOT_READY_C;
}
