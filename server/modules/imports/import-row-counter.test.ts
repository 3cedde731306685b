// The streaming row count of an import body: it counts as countRows does (rows; a route one per stop, one without
// stops), across any chunk boundary, without being fooled by brackets, commas or keys inside strings, and refuses
// at the first row over the cap.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { ImportRowCounter } from "./import-row-counter";

const bytes = (text: string) => new TextEncoder().encode(text);

/** the count after feeding `body` in pieces of `size` bytes */
function count(body: unknown, size = 1, max = 5_000): number {
  const counter = new ImportRowCounter(max);
  const all = bytes(typeof body === "string" ? body : JSON.stringify(body));
  for (let i = 0; i < all.length; i += size) counter.feed(all.subarray(i, i + size));
  return counter.rows;
}

describe("ImportRowCounter", () => {
  it("counts rows, and a route's stops one row each (one without stops), in chunks of any size", () => {
    const body = {
      target: "routes",
      rows: [{ route_number: "R1", stops: [{ name: "A" }, { name: "B" }, { name: "C" }] }, { route_number: "R2", stops: [] }, { route_number: "R3" }],
    };
    for (const size of [1, 2, 7, 1_000]) expect(count(body, size)).toBe(5);
    expect(count({ rows: [{ route_number: "R1" }, 1, "x", null, [1, 2]], target: "runs" })).toBe(5);
    expect(count({ target: "runs", rows: [] })).toBe(0);
  });

  it("is not fooled by brackets, commas, quotes or keys inside strings, nor by deeper arrays", () => {
    const body = {
      target: "routes",
      rows: [
        { route_number: 'R"1", [x], {y}, \\', route_name: "rows: [1, 2, 3]", stops: [{ name: "stops,[{}]", lat: [1, 2, 3] }] },
        { "rows\u00e9": [1, 2, 3], stopsx: [1, 2, 3], nested: { stops: [1, 2, 3], rows: [1, 2] } },
      ],
      other: { rows: [1, 2, 3] },
    };
    expect(count(body)).toBe(2);
    // escaped keys are the keys JSON.parse reads: an escape cannot hide the rows
    expect(count('{"target":"routes","r\\u006fws":[1,2,3],"\\u0072ows":[{"st\\u006Fps":[1,2,3]}, {"x\\"stops":[1,2]}]}')).toBe(7);
  });

  it("refuses with IMPORT_TOO_LARGE at the first row over the cap", () => {
    const counter = new ImportRowCounter(3);
    counter.feed(bytes('{"target":"runs","rows":[{},{},{}'));
    expect(counter.rows).toBe(3);
    let refusal: unknown = null;
    try {
      counter.feed(bytes(",{}"));
    } catch (error) {
      refusal = error;
    }
    expect(isAppError(refusal) && refusal.code).toBe("IMPORT_TOO_LARGE");
    expect((refusal as Error).message).toBe("This call holds more than 3 rows (each stop counting); one call takes at most 3, and nothing was imported. Split it into several calls.");
    expect(() => count({ target: "routes", rows: [{ stops: [{}, {}, {}, {}] }] }, 1, 3)).toThrow(/more than 3 rows/);
  });
});
