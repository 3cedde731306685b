// A simulated vehicle's driver and its tracker's answers, without a server: its records, encoded and decoded as the
// listener decodes them, name the driver's iButton key (IO 78, `iButton`) exactly while the ignition is on, a shared
// vehicle's trips alternate between its drivers, and the tracker answers setparam/getparam from its configuration
// memory (as the authorised-driver sync reads them) and the rest through its CAN adapter.
import { describe, expect, it } from "vitest";
import { DEMO_ROUTES } from "../modules/demo/demo-routes";
import { DEMO_VEHICLES, demoDriverKeys } from "../modules/demo/demo-vehicles";
import {
  getparamCommand,
  parseGetparamAnswer,
  parseSetparamAnswer,
  setparamCommand,
  slotParam,
} from "../modules/authorised-drivers/fmb-parameters";
import { encodeTcpPacket8E } from "../tracker/protocols/teltonika/avl-encoder";
import { decodeTcpPacket } from "../tracker/protocols/teltonika/decoder";
import { IO } from "../tracker/protocols/teltonika/io-elements";
import { namedIo } from "../tracker/protocols/teltonika/io-values";
import { SimulatedVehicle } from "./simulated-vehicle";

const TICK_MS = 3_000;
const JONAS = "0103040000E00DF3";
const TOMAS = "0104040000E00D76";

/** the vehicle's records over `ticks`, as the listener decodes them: ignition and the named iButton key */
function drive(vehicle: SimulatedVehicle, ticks: number) {
  const out: { ignition: boolean; key: string | null }[] = [];
  for (let i = 1; i <= ticks; i++) {
    const decoded = decodeTcpPacket(encodeTcpPacket8E([vehicle.step(i * TICK_MS, TICK_MS)]));
    if (decoded.kind !== "records") throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
    const io = decoded.records[0]!.io;
    const key = namedIo(io).iButton;
    out.push({ ignition: io[IO.IGNITION] === 1, key: typeof key === "string" ? key.toUpperCase() : null });
  }
  return out;
}

/** the keys of the vehicle's trips (ignition on to off), in order */
function tripKeys(records: ReturnType<typeof drive>): (string | null)[] {
  return records.filter((record, i) => record.ignition && !records[i - 1]?.ignition).map((record) => record.key);
}

describe("a simulated vehicle's driver", () => {
  it("carries the driver's key in IO 78 while the ignition is on, and no key while parked", () => {
    const records = drive(new SimulatedVehicle("356307042441013", DEMO_ROUTES[0]!, 1, { driverKeys: [JONAS] }), 600);
    expect(records.some((record) => !record.ignition)).toBe(true);
    expect(tripKeys(records).length).toBeGreaterThan(1);
    for (const record of records) expect(record.key).toBe(record.ignition ? JONAS : null);
  });

  it("hands a shared vehicle to its drivers in turn, trip by trip", () => {
    const records = drive(new SimulatedVehicle("356307042441013", DEMO_ROUTES[0]!, 1, { driverKeys: [JONAS, TOMAS] }), 600);
    const keys = tripKeys(records);
    expect(keys.length).toBeGreaterThan(2);
    expect(keys).toEqual(keys.map((_, i) => (i % 2 === 0 ? JONAS : TOMAS)));
  });

  it("carries no key for a vehicle nobody is given (the control car, a plan without drivers)", () => {
    const car = DEMO_VEHICLES.find((vehicle) => vehicle.behaviour === "parked")!;
    expect(demoDriverKeys(car)).toEqual([]);
    const records = drive(new SimulatedVehicle("356307042441013", DEMO_ROUTES[0]!, 1), 200);
    expect(records.every((record) => record.key === null)).toBe(true);
  });
});

describe("a simulated tracker's answers", () => {
  it("keeps the iButton list written with setparam and reads it back with getparam, and leaves CAN commands to the adapter", () => {
    const vehicle = new SimulatedVehicle("356307042441013", DEMO_ROUTES[0]!, 1);
    expect(parseGetparamAnswer(vehicle.answer(getparamCommand([slotParam(0), slotParam(1)])))).toEqual({
      ok: true,
      values: new Map([[slotParam(0), "0"], [slotParam(1), "0"]]),
    });
    expect(parseSetparamAnswer(vehicle.answer(setparamCommand([[slotParam(0), JONAS], [slotParam(1), TOMAS.toLowerCase()]])))).toMatchObject({ ok: true });
    expect(parseGetparamAnswer(vehicle.answer(getparamCommand([slotParam(0), slotParam(1)])))).toEqual({
      ok: true,
      values: new Map([[slotParam(0), JONAS], [slotParam(1), TOMAS]]),
    });
    expect(vehicle.parameters.keys()).toEqual({ 0: JONAS, 1: TOMAS });
    expect(vehicle.answer("lvcangetprog")).toBe(`CAN Program Nr: ${vehicle.adapter.programNumber}`);
    expect(vehicle.answer("lvcanclosealldoors")).toBe("lvcanclosealldoors: OK");
  });
});
