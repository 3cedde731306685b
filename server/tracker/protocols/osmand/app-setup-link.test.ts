// The Traccar Client set-up link, and that it fits a small QR code drawn as SVG (what the asset page shows).
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { appSetupLink } from "./app-setup-link";

describe("appSetupLink", () => {
  it.each([
    ["http://fleet.example.com:5055", "driver-3", "http://fleet.example.com:5055/?id=driver-3"],
    ["https://phones.example.com/osmand", "a.b:c_d", "https://phones.example.com/osmand?id=a.b%3Ac_d"],
    ["http://[::1]:5055/?stale=1#x", "p1", "http://[::1]:5055/?id=p1"],
  ])("%s + %s → %s", (server, id, link) => expect(appSetupLink(server, id)).toBe(link));

  it("refuses what the app could not use", () => {
    expect(() => appSetupLink("ftp://x", "p1")).toThrow("must be http(s)");
    expect(() => appSetupLink("http://x:5055", "a b")).toThrow("a device id is 1 to 64 characters");
  });

  it("fits in a QR code rendered as SVG", async () => {
    const svg = await QRCode.toString(appSetupLink("http://fleet.example.com:5055", "x".repeat(64)), { type: "svg", margin: 1 });
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    // byte-mode capacity at the default (M) error correction is far above this link's length
    expect(QRCode.create(appSetupLink("http://fleet.example.com:5055", "x".repeat(64)), {}).version).toBeLessThanOrEqual(7);
  });
});
