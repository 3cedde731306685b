// What the access log keeps of a path: a tracking link's uuid (the whole credential of a public link) cut to its
// first 8 characters wherever it stands, and every other path as it is.
import { describe, expect, it } from "vitest";
import { loggablePath } from "./loggable-path";

const UUID = "3f1c0a52-9d1e-4c1b-8f3a-0a4c2b9e7d11";

describe("loggablePath", () => {
  it("cuts a link's uuid in public tracking, page and REST paths", () => {
    expect(loggablePath(`/api/public/tracking/${UUID}/location`)).toBe("/api/public/tracking/3f1c0a52…/location");
    expect(loggablePath(`/t/${UUID}`)).toBe("/t/3f1c0a52…");
    expect(loggablePath(`/api/acme/tracking-links/${UUID.toUpperCase()}`)).toBe("/api/acme/tracking-links/3F1C0A52…");
    expect(loggablePath(`/api/public/tracking/${encodeURIComponent(UUID + " ")}/info`)).toBe("/api/public/tracking/3f1c0a52…/info");
    expect(loggablePath("/api/public/tracking/abc/info")).toBe("/api/public/tracking/abc/info");
  });

  it("leaves other paths alone", () => {
    for (const path of ["/api/acme/asset/12", "/api/v1/acme/imports/7", "/healthz", "/", "/api/public/tracking/"]) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});
