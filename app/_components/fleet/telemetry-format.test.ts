// Readings as a person reads them: each kind of value in its human unit or word, plain labels, unknown elements as
// they came, and the raw name and value kept for installers. en-GB pins the separators; the page uses the browser's.
import { describe, expect, it } from "vitest";
import { describeReading, formatKilometres, formatOnOff, humanizeName, readingLabel, type TelemetryReading } from "./telemetry-format";

const reading = (name: string, value: number | boolean | string, unit: string | null = null, extra: Partial<TelemetryReading> = {}) => ({
  name,
  value,
  unit,
  group: "permanent",
  ...extra,
});
const text = (r: TelemetryReading) => describeReading(r, "en-GB").text;

describe("distances", () => {
  it("gives odometers in km with thousands separators, one decimal under 100 km", () => {
    expect(text(reading("totalOdometer", 82_782_377, "m"))).toBe("82,782 km");
    expect(text(reading("canTotalMileage", 5_432, "m", { group: "can" }))).toBe("5.4 km");
    expect(text(reading("oemTotalMileage", 123_456, "km"))).toBe("123,456 km");
    expect(text(reading("tripOdometer", 0, "m"))).toBe("0 km");
  });

  it("keeps metres that are not distances travelled", () => {
    expect(text(reading("accuracy", 12.34, "m"))).toBe("12.3 m");
  });

  it("writes km in the locale's own separators", () => {
    expect(formatKilometres(82_782.377, "de-DE")).toBe("82.782 km");
    expect(formatKilometres(99.94, "de-DE")).toBe("99,9 km");
  });
});

describe("switches and flags", () => {
  it("reads ignition and digital inputs On or Off, whether sent as 0/1 or true/false", () => {
    expect(text(reading("ignition", 1))).toBe("On");
    expect(text(reading("ignition", 0))).toBe("Off");
    expect(text(reading("digitalInput2", 1))).toBe("On");
    expect(text(reading("digitalOutput1", 0))).toBe("Off");
    expect(text(reading("canSsfIgnition", true, null, { group: "can" }))).toBe("On");
  });

  it("writes a switch the map panel shows On, Off or a dash when not reported", () => {
    expect([formatOnOff(true), formatOnOff(false), formatOnOff(null)]).toEqual(["On", "Off", "—"]);
  });

  it("reads movement and other flags Yes or No", () => {
    expect(text(reading("movement", 1))).toBe("Yes");
    expect(text(reading("movement", 0))).toBe("No");
    expect(text(reading("canSsfCarIsClosed", false, null, { group: "can" }))).toBe("No");
  });
});

describe("electrical, temperature, fuel and speed", () => {
  it("gives volts with one or two decimals, from V or mV, and amperes", () => {
    expect(text(reading("externalVoltage", 12.6, "V"))).toBe("12.6 V");
    expect(text(reading("externalVoltage", 12.345, "V"))).toBe("12.35 V");
    expect(text(reading("batteryVoltage", 4, "V"))).toBe("4.0 V");
    expect(text(reading("someVoltage", 12_600, "mV"))).toBe("12.6 V");
    expect(text(reading("batteryCurrent", 0.125, "A"))).toBe("0.13 A");
  });

  it("gives temperatures in °C, fuel in litres or percent, battery level in percent, speed in km/h", () => {
    expect(text(reading("dallasTemperature1", -3.25, "°C"))).toBe("-3.3 °C");
    expect(text(reading("canFuelLevelLiters", 45.5, "l", { group: "can" }))).toBe("45.5 L");
    expect(text(reading("canFuelLevelPercent", 62, "%", { group: "can" }))).toBe("62%");
    expect(text(reading("batteryLevel", 87, "%"))).toBe("87%");
    expect(text(reading("gnssSpeed", 57, "km/h"))).toBe("57 km/h");
  });

  it("gives counters of seconds and minutes in hours and minutes", () => {
    expect(text(reading("ignitionOnCounter", 11_520, "s"))).toBe("3 h 12 min");
    expect(text(reading("canEngineWorktime", 90, "min", { group: "can" }))).toBe("1 h 30 min");
  });
});

describe("signal and GNSS", () => {
  it("draws GSM signal as bars with the words for a screen reader", () => {
    expect(describeReading(reading("gsmSignal", 4, null, { levelMax: 5 }), "en-GB")).toMatchObject({ text: "Signal 4 of 5", bars: { level: 4, max: 5 } });
    expect(describeReading(reading("gsmSignal", 4, null, { levelMax: 4 }), "en-GB")).toMatchObject({ text: "Signal 4 of 4", bars: { level: 4, max: 4 } });
    expect(text(reading("gsmSignal", 9))).toBe("Signal 5 of 5"); // out of scale: the top
  });

  it("puts GNSS status, network and sleep codes in words, satellites counted", () => {
    expect(text(reading("gnssStatus", 1))).toBe("Fix");
    expect(text(reading("gnssStatus", 2))).toBe("No fix");
    expect(text(reading("networkType", 2))).toBe("4G");
    expect(text(reading("sleepMode", 0))).toBe("Awake");
    expect(text(reading("satellites", 12))).toBe("12 satellites");
    expect(text(reading("gnssStatus", 9))).toBe("9"); // a code the list does not have: the number
  });
});

describe("labels", () => {
  it("names known IO in plain words", () => {
    expect(readingLabel("externalVoltage")).toBe("External voltage");
    expect(readingLabel("gsmSignal")).toBe("GSM signal");
    expect(readingLabel("totalOdometer")).toBe("Odometer (GPS)");
    expect(readingLabel("canTotalMileage")).toBe("Odometer");
    expect(readingLabel("digitalInput2")).toBe("Digital input 2");
    expect(readingLabel("canDoorStatus")).toBe("Door status"); // no label of its own: split from camel case
  });

  it("drops the can prefix (the section says it) and keeps a name that only starts with c-a-n", () => {
    expect(humanizeName("canEngineLoad")).toBe("Engine load");
    expect(humanizeName("canister")).toBe("Canister");
  });
});

describe("raw values and unknown elements", () => {
  it("keeps the raw name and value, with the dictionary's unit, one click away", () => {
    expect(describeReading(reading("totalOdometer", 82_782_377, "m"), "en-GB").raw).toEqual({ name: "totalOdometer", value: "82782377 m" });
    expect(describeReading(reading("ignition", 1), "en-GB").raw).toEqual({ name: "ignition", value: "1" });
  });

  it("shows an element no protocol describes by its raw name and value, nothing guessed", () => {
    const view = describeReading({ name: "io1234", value: 1, unit: null, group: null }, "en-GB");
    expect(view).toMatchObject({ label: "io1234", text: "1", known: false, bars: null, raw: { name: "io1234", value: "1" } });
    expect(describeReading({ name: "ignition", value: 1, unit: null, group: null }, "en-GB").text).toBe("1");
  });

  it("keeps text values as they are", () => {
    expect(text(reading("vin", "WVWZZZ1JZXW000001"))).toBe("WVWZZZ1JZXW000001");
  });
});
