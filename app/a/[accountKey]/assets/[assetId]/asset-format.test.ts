// The asset page's formatters: trip durations, reading names and reading values with their units.
import { describe, expect, it } from "vitest";
import { formatDuration, formatReading, humanizeReading } from "./asset-format";

describe("formatDuration", () => {
  it("gives minutes under an hour and hours with minutes above", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(89)).toBe("1 min");
    expect(formatDuration(3720)).toBe("1 h 2 min");
  });
});

describe("humanizeReading", () => {
  it("drops the can prefix (the section says it) and splits camel case", () => {
    expect(humanizeReading("canEngineRpm")).toBe("Engine rpm");
    expect(humanizeReading("externalVoltage")).toBe("External voltage");
    expect(humanizeReading("gsmSignal")).toBe("Gsm signal");
  });

  it("keeps a name that only starts with the letters c-a-n", () => {
    expect(humanizeReading("canister")).toBe("Canister");
  });
});

describe("formatReading", () => {
  const reading = (value: number | boolean | string, unit: string | null = null) => ({ name: "x", value, unit, group: null, measured: true });

  it("writes booleans as yes or no", () => {
    expect(formatReading(reading(true))).toBe("yes");
    expect(formatReading(reading(false))).toBe("no");
  });

  it("adds the unit to numbers and text", () => {
    expect(formatReading(reading(12, "V"))).toBe(`${(12).toLocaleString()} V`);
    expect(formatReading(reading("ok", "state"))).toBe("ok state");
    expect(formatReading(reading("ok"))).toBe("ok");
  });

  it("keeps at most three decimals", () => {
    expect(formatReading(reading(1.23456, "km"))).toBe(`${(1.235).toLocaleString()} km`);
  });
});
