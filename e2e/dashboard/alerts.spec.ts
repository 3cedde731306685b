// Alerts end to end, in the production build: an admin draws a circular geofence on the map, creates a "geofence
// entry" rule for it in the dashboard, and a Teltonika device driving into it over raw TCP fires an alert that
// appears in the Alerts list without a reload, with its position.
import { encodeLogin, encodeTcpPacket8E } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 180_000 });

test("an admin draws a geofence, adds an entry rule, and sees the alert a device fires", async ({ page, account, cli }) => {
  const port = trackerPort();
  const imei = randomImei();
  await cli(["asset", "create", "--account", account.key, "--name", "Depot Van", "--plate", "DV-1", "--imei", imei]);

  // 1. the geofence, drawn on the map: a click places the centre
  await page.goto(`/a/${account.key}/geofences`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Geofences", exact: true })).toBeVisible();
  const map = page.locator("[data-map-ready=true]");
  await expect(map).toBeVisible();
  await page.getByRole("button", { name: "New geofence" }).click();
  const form = page.getByRole("form", { name: "Geofence" });
  await form.getByLabel("Name").fill("Depot");
  await map.click(); // the middle of the map
  const latitude = Number(await form.getByLabel("Centre latitude").inputValue());
  const longitude = Number(await form.getByLabel("Centre longitude").inputValue());
  expect(Number.isFinite(latitude) && latitude !== 0).toBe(true);
  expect(Number.isFinite(longitude) && longitude !== 0).toBe(true);
  await form.getByLabel("Radius (m)").fill("500");
  await form.getByRole("button", { name: "Save geofence" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved Depot." })).toBeVisible();
  await expect(page.getByTestId("geofence-row").filter({ hasText: "Depot" })).toContainText("Circle, 500 m");

  // 2. the rule, through the navigation
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alert rules" }).first().click();
  await expect(page.getByRole("heading", { name: "Alert rules", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Add rule" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add alert rule" });
  await dialog.getByLabel("Name").fill("Depot arrivals");
  await dialog.getByLabel("Type").selectOption("GEOFENCE");
  await dialog.getByLabel("Geofence").selectOption({ label: "Depot" });
  await dialog.getByLabel("Fire on").selectOption("enter");
  await dialog.getByRole("button", { name: "Add rule" }).click();
  const rule = page.getByTestId("rule-row").filter({ hasText: "Depot arrivals" });
  await expect(rule).toContainText("Depot, on entry");
  await expect(rule).toContainText("All assets");

  // 3. the alert, live: the device drives from 5 km north into the depot
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Alerts", exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await expect(page.getByText("No alerts")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const device = await TeltonikaDevice.connect(port, encodeLogin(imei));
  try {
    const start = Date.now() - 60_000;
    expect(await device.send(encodeTcpPacket8E([drivingFix(latitude + 0.05, longitude, 45, 180, { at: start, externalVoltageMv: 13_600 })]))).toBe(1);
    expect(await device.send(encodeTcpPacket8E([drivingFix(latitude, longitude, 12, 180, { at: start + 30_000, externalVoltageMv: 13_600 })]))).toBe(1);
  } finally {
    device.close();
  }

  const row = page.getByTestId("alert-row").filter({ hasText: "Entered Depot" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Depot Van");
  await expect(row).toContainText("Rule: Depot arrivals");
  await row.getByRole("button", { name: /Entered Depot/ }).click();
  await expect(page.getByTestId("alert-position")).toContainText(`${latitude.toFixed(5)}, ${longitude.toFixed(5)}`);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test("a polygon geofence is drawn corner by corner, and a bad one is refused with the reason", async ({ page, account }) => {
  await page.goto(`/a/${account.key}/geofences`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const map = page.locator("[data-map-ready=true]");
  await expect(map).toBeVisible();
  await page.getByRole("button", { name: "New geofence" }).click();
  const form = page.getByRole("form", { name: "Geofence" });
  await form.getByLabel("Name").fill("Yard");
  await form.getByLabel("Polygon").check();
  const box = (await map.boundingBox())!;
  const at = (dx: number, dy: number) => ({ x: box.width / 2 + dx, y: box.height / 2 + dy });
  // two corners are not an area: the server refuses them and says why
  await map.click({ position: at(-60, 0) });
  await map.click({ position: at(60, 0) });
  await expect(page.getByTestId("corner-count")).toHaveText("2");
  await form.getByRole("button", { name: "Save geofence" }).click();
  await expect(form.getByText("Corners: needs at least 3 points")).toBeVisible();
  await map.click({ position: at(0, -70) });
  await expect(page.getByTestId("corner-count")).toHaveText("3");
  await form.getByRole("button", { name: "Save geofence" }).click();
  await expect(page.getByTestId("geofence-row").filter({ hasText: "Yard" })).toContainText("Polygon, 3 corners");
});

test("a notification's link to an alert that no longer exists says so instead of a blank page", async ({ page, account }) => {
  await page.goto(`/a/${account.key}/alerts?alert=2147483000`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Alerts", exact: true })).toBeVisible();
  await expect(page.getByTestId("alert-gone")).toContainText("This alert no longer exists: alert 2147483000 was deleted");
  await expect(page.getByTestId("selected-alert")).toHaveCount(0);
});
