// The offline geocoder on its real data, and the remote one against a local HTTP server answering in Nominatim's
// and Photon's reverse formats.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGeocoder } from "./create-geocoder";
import { OfflineGeocoder } from "./offline-geocoder";
import { RemoteGeocoder } from "./remote-geocoder";

describe("offline geocoder", () => {
  const geocoder = new OfflineGeocoder();
  beforeAll(() => geocoder.load(), 60_000);

  it("names the town and country of a fix", async () => {
    expect(await geocoder.lookup(54.6872, 25.2797)).toEqual({ street: null, town: "Vilnius", country: "Lithuania" });
    expect(await geocoder.lookup(51.5072, -0.1276)).toMatchObject({ town: expect.any(String), country: "United Kingdom" });
  });

  it("gives no town far from any place, and nothing in the open ocean", async () => {
    expect(await geocoder.lookup(-30, -140)).toBeNull();
  });

  it("answers null (not a wait) before its data is loaded", async () => {
    const fresh = new OfflineGeocoder();
    expect(fresh.ready).toBe(false);
    expect(await fresh.lookup(54.6872, 25.2797)).toBeNull();
    await fresh.load();
    expect(fresh.ready).toBe(true);
  });
});

describe("remote geocoder", () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  const offline = new OfflineGeocoder();

  beforeAll(async () => {
    await offline.load();
    server = createServer((req, res) => {
      requests.push(req.url!);
      const url = new URL(req.url!, "http://x");
      res.setHeader("content-type", "application/json");
      if (url.pathname.startsWith("/nominatim/reverse")) {
        res.end(JSON.stringify({ address: { road: "Gedimino prospektas", house_number: "9", city: "Vilnius", country: "Lietuva" } }));
      } else if (url.pathname.startsWith("/photon/reverse")) {
        res.end(JSON.stringify({ features: [{ properties: { street: "Pilies gatvė", housenumber: "4", city: "Vilnius", country: "Lithuania" } }] }));
      } else {
        res.statusCode = 404;
        res.end("{}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settle = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it("answers at once from the offline data, then with the street once the server answered", async () => {
    const geocoder = new RemoteGeocoder("nominatim", `${base}/nominatim`, offline);
    expect(await geocoder.lookup(54.6872, 25.2797)).toEqual({ street: null, town: "Vilnius", country: "Lithuania" });
    await settle(async () => (await geocoder.lookup(54.6872, 25.2797))?.street != null);
    expect(await geocoder.lookup(54.68721, 25.27972)).toEqual({ street: "Gedimino prospektas 9", town: "Vilnius", country: "Lietuva" });
    expect(requests.filter((r) => r.startsWith("/nominatim")).length).toBe(1); // a nearby fix reuses the cell
    expect(requests[0]).toMatch(/lat=54\.6872&lon=25\.2797&format=jsonv2/);
    geocoder.close();
  });

  it("reads Photon's format", async () => {
    const geocoder = createGeocoder(`photon:${base}/photon`);
    await geocoder.lookup(54.6845, 25.2903);
    await settle(async () => (await geocoder.lookup(54.6845, 25.2903))?.street != null);
    expect(await geocoder.lookup(54.6845, 25.2903)).toMatchObject({ street: "Pilies gatvė 4", town: "Vilnius" });
    geocoder.close?.();
  });

  it("keeps the offline answer when the server fails", async () => {
    const geocoder = new RemoteGeocoder("nominatim", `${base}/missing`, offline);
    await geocoder.lookup(54.6872, 25.2797);
    await new Promise((r) => setTimeout(r, 300));
    expect(await geocoder.lookup(54.6872, 25.2797)).toEqual({ street: null, town: "Vilnius", country: "Lithuania" });
    geocoder.close();
  });
});
