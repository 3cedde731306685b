// Consumption arithmetic without a database: partial fill-ups, reset usage, void entries, out-of-order input, zero
// distance, summaries and the volume / price / total rule.
import { describe, expect, it } from "vitest";
import { fillAmounts, fuelFigures, summarise, type FuelEntryInput } from "./fuel-consumption";

const DAY = 86_400_000;
let nextId = 1;
function entry(day: number, odometerKm: number, volumeL: number, flags: Partial<FuelEntryInput> = {}): FuelEntryInput {
  return { id: nextId++, at: day * DAY, odometerKm, volumeL, total: volumeL * 2, partial: false, resetUsage: false, isVoid: false, ...flags };
}
const economy = (entries: FuelEntryInput[]) => fuelFigures(entries).map((f) => f.lPer100Km);

describe("fuelFigures", () => {
  it.each([
    ["first full fill-up only starts the chain", [entry(1, 1000, 40)], [null]],
    ["two full fill-ups: volume of the second over the distance", [entry(1, 1000, 40), entry(2, 1500, 40)], [null, 8]],
    [
      "a partial fill-up joins the next full one",
      [entry(1, 1000, 40), entry(2, 1200, 10, { partial: true }), entry(3, 1500, 30)],
      [null, null, 8],
    ],
    [
      "reset usage drops the distance since the previous entry",
      [entry(1, 1000, 40), entry(2, 1500, 40), entry(3, 3000, 50, { resetUsage: true }), entry(4, 3500, 35)],
      [null, 8, null, 7],
    ],
    [
      "a partial fill-up with reset usage waits for a full one before measuring",
      [entry(1, 1000, 40), entry(2, 2000, 10, { resetUsage: true, partial: true }), entry(3, 2500, 40), entry(4, 3000, 30)],
      [null, null, null, 6],
    ],
    [
      "a void entry is left out: the next measures from the one before",
      [entry(1, 1000, 40), entry(2, 90_000, 40, { isVoid: true }), entry(3, 1500, 40)],
      [null, null, 8],
    ],
    [
      "zero distance: no figure, and the top-up is the new starting point",
      [entry(1, 1000, 40), entry(2, 1000, 2), entry(3, 1500, 35)],
      [null, null, 7],
    ],
    ["partial fill-ups before the first full one start nothing", [entry(1, 1000, 10, { partial: true }), entry(2, 1200, 20), entry(3, 1700, 40)], [null, null, 8]],
    ["an odometer going down measures nothing across it", [entry(1, 1000, 40), entry(2, 900, 40), entry(3, 1400, 40)], [null, null, 8]],
  ])("%s", (_name, entries, expected) => {
    expect(economy(entries)).toEqual(expected);
  });

  it("reads entries in date order whatever order they come in, answering each by id", () => {
    const [a, b, c] = [entry(1, 1000, 40), entry(2, 1200, 10, { partial: true }), entry(3, 1500, 30)];
    const figures = fuelFigures([c!, a!, b!]);
    expect(figures.map((f) => f.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(figures[1]).toMatchObject({ distanceKm: 200, lPer100Km: null });
    expect(figures[2]).toEqual({
      id: c!.id,
      distanceKm: 300,
      intervalDistanceKm: 500,
      intervalVolumeL: 40,
      intervalCost: 80,
      lPer100Km: 8,
      costPerKm: 0.16,
    });
  });

  it("orders entries of the same time by odometer, and leaves cost per km out when a total is unknown", () => {
    const a = entry(1, 1000, 40);
    const b = entry(1, 1400, 32, { total: null });
    expect(fuelFigures([b, a])[1]).toMatchObject({ id: b.id, lPer100Km: 8, intervalCost: null, costPerKm: null });
  });
});

describe("summarise", () => {
  it("adds every entry that is not void to the totals, and only closed intervals to the averages", () => {
    const entries = [entry(1, 1000, 40), entry(2, 1200, 10, { partial: true }), entry(3, 1500, 30), entry(4, 2000, 45), entry(5, 2100, 5, { isVoid: true })];
    const figures = fuelFigures(entries);
    const summary = summarise(entries.map((e, i) => ({ ...e, ...figures[i]! })));
    expect(summary).toEqual({ entries: 4, volumeL: 125, cost: 250, distanceKm: 1000, intervalVolumeL: 85, lPer100Km: 8.5, costPerKm: 0.17 });
  });

  it("has no averages without a closed interval", () => {
    const entries = [entry(1, 1000, 40)];
    expect(summarise(entries.map((e) => ({ ...e, ...fuelFigures(entries)[0]! })))).toMatchObject({ lPer100Km: null, costPerKm: null, distanceKm: 0 });
  });
});

describe("fillAmounts", () => {
  it.each([
    [{ volumeL: 40, pricePerUnit: 1.899, total: null }, { pricePerUnit: 1.899, total: 75.96 }],
    [{ volumeL: 40, pricePerUnit: null, total: 76 }, { pricePerUnit: 1.9, total: 76 }],
    [{ volumeL: 40, pricePerUnit: 1.899, total: 75.96 }, { pricePerUnit: 1.899, total: 75.96 }],
    [{ volumeL: 40.123, pricePerUnit: null, total: null }, { pricePerUnit: null, total: null }],
  ])("%o gives %o", (input, expected) => {
    expect(fillAmounts(input)).toEqual({ ...expected, problem: null });
  });

  it("refuses a total that does not match volume × price, and a price from a volume of 0", () => {
    expect(fillAmounts({ volumeL: 40, pricePerUnit: 1.9, total: 80 })).toEqual({ problem: { field: "total", message: "does not match volume × price per unit (76)" } });
    expect(fillAmounts({ volumeL: 0, pricePerUnit: null, total: 5 }).problem).toMatchObject({ field: "total" });
  });
});
