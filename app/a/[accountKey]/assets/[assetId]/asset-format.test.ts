// The asset page's trip durations (readings are tested in app/_components/fleet/telemetry-format.test.ts).
import { describe, expect, it } from "vitest";
import { formatDuration } from "./asset-format";

describe("formatDuration", () => {
  it("gives minutes under an hour and hours with minutes above", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(89)).toBe("1 min");
    expect(formatDuration(3720)).toBe("1 h 2 min");
  });
});
