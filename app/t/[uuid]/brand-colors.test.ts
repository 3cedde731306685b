// Text on the account's colour stays readable (WCAG AA) whatever colour an admin picks.
import { describe, expect, it } from "vitest";
import { brandColors, contrastRatio, DEFAULT_BRAND_COLOR, relativeLuminance } from "./brand-colors";

describe("brand colours", () => {
  it("computes WCAG luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio(1, 0)).toBeCloseTo(21, 10);
    expect(contrastRatio(relativeLuminance("#777777"), 1)).toBeCloseTo(4.48, 2);
  });

  it("puts white on dark colours and black on light ones", () => {
    expect(brandColors("#1e3a8a").foreground).toBe("#ffffff");
    expect(brandColors("#0f766e").foreground).toBe("#ffffff");
    expect(brandColors("#fde047").foreground).toBe("#000000");
    expect(brandColors("#FFFFFF")).toEqual({ background: "#ffffff", foreground: "#000000" });
  });

  it("always reaches AA (4.5:1) with the text it chooses", () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          const { foreground } = brandColors(hex);
          worst = Math.min(worst, contrastRatio(relativeLuminance(hex), relativeLuminance(foreground)));
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it("falls back to the app's colour when none or a malformed one is set", () => {
    expect(brandColors(null).background).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColors("red").background).toBe(DEFAULT_BRAND_COLOR);
  });
});
