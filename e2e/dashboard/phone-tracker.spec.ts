// A driver's phone as a tracker, in the production build: an admin adds an asset whose tracker protocol is the phone
// app (OsmAnd HTTP) with a device id, and the asset's page shows the QR code that sets up Traccar Client, with the
// server URL and the device id as text. A Teltonika asset's page shows no such thing.
import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { openDialog, randomImei, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 120_000 });

test("an admin adds a phone as an asset's tracker and sees the QR code that sets up the app", async ({ page, account, cli }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Teltonika Van", "--imei", randomImei()]);
  await page.goto(`/a/${account.key}/assets`);
  await signIn(page, account.adminEmail, account.adminPassword);

  const deviceId = `driver-${randomInt(1e9)}`;
  const dialog = page.getByRole("dialog", { name: "Add asset" });
  await openDialog(page.getByRole("button", { name: "Add asset" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Driver phone");
  await dialog.getByLabel("Tracker protocol").selectOption("osmand");
  await dialog.getByLabel("Tracker IMEI or device id").fill("driver 1"); // a space: not a device id
  await dialog.getByRole("button", { name: "Add asset" }).click();
  await expect(dialog.getByText("must be 1 to 64 characters")).toBeVisible(); // the server's rule, on the field
  await dialog.getByLabel("Tracker IMEI or device id").fill(deviceId);
  await dialog.getByRole("button", { name: "Add asset" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: "Driver phone" }).click();
  const setup = page.getByTestId("phone-setup");
  await expect(setup).toBeVisible();
  await expect(setup.getByRole("img", { name: new RegExp(`QR code that sets up Traccar Client .* device id ${deviceId}$`) })).toBeVisible();
  await expect(setup.getByText(deviceId, { exact: true })).toBeVisible();
  await expect(setup.getByText(/^http:\/\/[^/]+:\d+$/)).toBeVisible(); // OSMAND_PUBLIC_URL's default: PUBLIC_URL's host, OSMAND_PORT

  await page.goto(`/a/${account.key}/assets`);
  await page.getByRole("link", { name: "Teltonika Van" }).click();
  await expect(page.getByRole("heading", { name: "Teltonika Van" })).toBeVisible();
  await expect(page.getByTestId("phone-setup")).toHaveCount(0);
});
