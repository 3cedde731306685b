// The live map end to end, in the production build: an asset provisioned with the CLI, a Teltonika device driven
// over raw TCP (Codec 8E, as a real FMB sends it), and the vehicle appears on the map page and moves (list entry,
// speed and position in its panel) without a reload. Then its asset page shows the track and readings.
//
// Needs the server's Teltonika listener on a known port: global setup exports it as FLEETLINE_E2E_TELTONIKA_PORT.
import net from "node:net";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 180_000 });

test("a tracker's vehicle appears on the live map and moves without a reload", async ({ page, account, cli }) => {
  const port = trackerPort();
  const imei = randomImei();
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Live Van", "--plate", "LV-1", "--imei", imei]);

  await page.goto(`/a/${account.key}/map`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/map$`));
  await expect(page.getByRole("heading", { name: "Live map" })).toBeVisible();
  await expect(page.locator("[data-map-ready=true]")).toBeVisible(); // maplibre loaded its style (offline basemap)
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible(); // the SSE stream is up
  const row = page.getByTestId("vehicle-row").filter({ hasText: "Live Van" });
  await expect(row).toContainText("No position yet");

  // Whatever follows must arrive through the stream: a full reload would clear this mark.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const device = await TeltonikaDevice.connect(port, encodeLogin(imei));
  const send = async (record: RecordToEncode) => expect(await device.send(encodeTcpPacket8E([record]))).toBe(1); // one record stored
  try {
    await send(drivingFix(54.6872, 25.2797, 32, 90));
    await expect(row).toContainText("Moving · 32 km/h");
    await row.click();
    const panel = page.getByTestId("vehicle-panel");
    await expect(panel).toContainText("Live Van");
    await expect(panel.getByTestId("vehicle-speed")).toHaveText("32 km/h");
    await expect(panel.getByTestId("vehicle-ignition")).toHaveText("On"); // AVL 239 = 1, in a word
    await expect(panel.getByTestId("vehicle-position")).toHaveText("54.68720, 25.27970");

    await send(drivingFix(54.6901, 25.2843, 57, 45));
    await expect(panel.getByTestId("vehicle-speed")).toHaveText("57 km/h");
    await expect(panel.getByTestId("vehicle-position")).toHaveText("54.69010, 25.28430");
    await expect(row).toContainText("57 km/h");
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  } finally {
    device.close();
  }

  // The asset page: header, the track of the last 24 hours and the latest readings with units.
  await page.getByTestId("vehicle-panel").getByRole("link", { name: /Asset page/ }).click();
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/assets/${asset.id}$`));
  await expect(page.getByRole("heading", { name: "Live Van" })).toBeVisible();
  await expect(page.getByText(imei)).toBeVisible();
  await expect(page.getByText("fix 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Play" }).click();
  await expect(page.getByText("fix 2 of 2")).toBeVisible();
  await expect(page.getByText("12.6 V")).toBeVisible(); // external voltage, unit from the AVL table
  // readings in words: ignition and movement come as 1, a person reads On and Yes
  const reading = (name: string) => page.locator(`[data-testid=reading][data-reading=${name}]`);
  await expect(reading("externalVoltage")).toContainText("External voltage");
  await expect(reading("ignition").locator("dd")).toHaveText("On");
  await expect(reading("movement").locator("dd")).toHaveText("Yes");
  // the raw name, value and AVL id, one click away for installers
  await expect(page.getByTestId("reading-raw")).toHaveCount(0);
  await page.getByLabel("Show raw values").check();
  await expect(reading("externalVoltage").getByTestId("reading-raw")).toHaveText("externalVoltage = 12.6 V · AVL 66");
  await expect(reading("ignition").getByTestId("reading-raw")).toHaveText("ignition = 1 · AVL 239");
});

test("unknown devices can be pre-registered and provisioned into the account", async ({ page, account }) => {
  const port = trackerPort();
  const imei = randomImei();
  // the account pre-registers the IMEI it is installing
  await page.goto(`/a/${account.key}/devices`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await page.getByLabel("IMEI to pre-register").fill(imei);
  await page.getByRole("button", { name: "Pre-register" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${imei} is pre-registered` })).toBeVisible();
  // the device, not provisioned yet: the server refuses its login and records the attempt
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(encodeLogin(imei));
  const answer = await new Promise<Buffer>((resolve) => socket.once("data", resolve));
  expect(answer[0]).toBe(0x00);
  socket.destroy();

  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(imei) });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Provision" }).click();
  const dialog = page.getByRole("dialog", { name: "Provision device" });
  await dialog.getByLabel("Asset name").fill("Found Truck");
  await dialog.getByLabel("Plate").fill("FT-9");
  await dialog.getByRole("button", { name: "Add as asset" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Found Truck is now an asset" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(imei) })).toHaveCount(0);

  // and it logs in now
  const device = await TeltonikaDevice.connect(port, encodeLogin(imei));
  device.close();
});
