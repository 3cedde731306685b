// A mixed fleet on the live map, in the production build: one account with a Teltonika van (Codec 8E over TCP), a
// GT06 truck (Concox frames over TCP: login, then 0x22 locations) and a driver's phone (OsmAnd HTTP, as Traccar
// Client sends it). Each appears on the live map page once its device reports (its row in the vehicle list, and the
// panel the map opens for it with speed and position; the map's vehicle dots are drawn on a canvas, so the panel is
// what a test can read), and moves when it reports again, without a reload: the three protocols' positions arrive
// through the same live stream.
//
// Needs the shared server's three tracker listeners on known ports: global setup exports them
// (FLEETLINE_E2E_TELTONIKA_PORT, FLEETLINE_E2E_GT06_PORT, FLEETLINE_E2E_OSMAND_PORT).
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { Gt06TestDevice, testFix } from "../../server/testing/gt06-test-device";
import { encodeLogin, encodeTcpPacket8E } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { gt06Port, osmandPort } from "../support/protocol-ports";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 180_000 });

/** one OsmAnd upload as the OsmAnd app sends it (query form); 200 means stored */
async function phoneReports(deviceId: string, fields: { lat: number; lon: number; knots: number; at: number }) {
  const query = new URLSearchParams({
    id: deviceId,
    lat: String(fields.lat),
    lon: String(fields.lon),
    timestamp: String(Math.floor(fields.at / 1000)),
    speed: String(fields.knots),
    bearing: "180",
    batt: "81",
  });
  const response = await fetch(`http://127.0.0.1:${osmandPort()}/?${query}`);
  expect(response.status, await response.text()).toBe(200);
}

/** the vehicle's row shows its speed, and its panel (opened from the row) its speed and position */
async function expectVehicleAt(page: Page, name: string, speed: number, position: string) {
  const row = page.getByTestId("vehicle-row").filter({ hasText: name });
  await expect(row).toContainText(`${speed} km/h`);
  await row.click();
  const panel = page.getByTestId("vehicle-panel");
  await expect(panel).toContainText(name);
  await expect(panel.getByTestId("vehicle-speed")).toHaveText(`${speed} km/h`);
  await expect(panel.getByTestId("vehicle-position")).toHaveText(position);
}

test("a Teltonika, a GT06 and a phone vehicle appear on the live map and move as their devices report", async ({ page, account, cli }) => {
  const teltonikaImei = randomImei();
  const gt06Imei = randomImei();
  const phoneId = `driver-${randomInt(1e9)}`;
  await cli(["asset", "create", "--account", account.key, "--name", "Mixed Teltonika Van", "--imei", teltonikaImei]);
  await cli(["asset", "create", "--account", account.key, "--name", "Mixed GT06 Truck", "--protocol", "gt06", "--imei", gt06Imei]);
  await cli(["asset", "create", "--account", account.key, "--name", "Mixed Driver Phone", "--protocol", "osmand", "--imei", phoneId]);

  await page.goto(`/a/${account.key}/map`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/map$`));
  await expect(page.locator("[data-map-ready=true]")).toBeVisible(); // maplibre loaded its style (offline basemap)
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible(); // the stream is up
  for (const name of ["Mixed Teltonika Van", "Mixed GT06 Truck", "Mixed Driver Phone"]) {
    await expect(page.getByTestId("vehicle-row").filter({ hasText: name })).toContainText("No position yet");
  }
  // Whatever follows must arrive through the stream: a full reload would clear this mark.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const teltonika = await TeltonikaDevice.connect(trackerPort(), encodeLogin(teltonikaImei));
  const gt06 = await Gt06TestDevice.connect(gt06Port(), gt06Imei); // resolves once the server acknowledged the login
  try {
    // first reports: each vehicle appears where its device is
    expect(await teltonika.send(encodeTcpPacket8E([drivingFix(54.6872, 25.2797, 32, 90)]))).toBe(1);
    gt06.sendLocation(testFix(new Date(Date.now() - 10_000), { latitude: 54.7, longitude: 25.3, speed: 41 }), { ignition: true });
    await phoneReports(phoneId, { lat: 54.71, lon: 25.31, knots: 27, at: Date.now() - 10_000 }); // 27 kn = 50 km/h
    await expectVehicleAt(page, "Mixed Teltonika Van", 32, "54.68720, 25.27970");
    await expectVehicleAt(page, "Mixed GT06 Truck", 41, "54.70000, 25.30000");
    await expectVehicleAt(page, "Mixed Driver Phone", 50, "54.71000, 25.31000");

    // second reports: each one moves
    expect(await teltonika.send(encodeTcpPacket8E([drivingFix(54.6901, 25.2843, 57, 90)]))).toBe(1);
    gt06.sendLocation(testFix(new Date(), { latitude: 54.705, longitude: 25.305, speed: 63 }), { ignition: true });
    await phoneReports(phoneId, { lat: 54.715, lon: 25.315, knots: 13.5, at: Date.now() }); // 13.5 kn = 25 km/h
    await expectVehicleAt(page, "Mixed Teltonika Van", 57, "54.69010, 25.28430");
    await expectVehicleAt(page, "Mixed GT06 Truck", 63, "54.70500, 25.30500");
    await expectVehicleAt(page, "Mixed Driver Phone", 25, "54.71500, 25.31500");
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  } finally {
    teltonika.close();
    gt06.destroy();
  }
});
