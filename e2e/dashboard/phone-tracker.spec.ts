// A driver's phone as a tracker, in the production build. The device id is the phone's only credential
// (docs/osmand.md "The device id is a credential"): an admin adds a phone asset without typing an id and the server
// generates a strong one, which the asset's page shows with the QR code that sets up Traccar Client; a typed id is
// refused with the rule unless the weak-id opt-in is ticked, and such an asset is marked weak in the list and on its
// page; one click re-keys it, and the page shows the new strong id and its QR code. A Teltonika asset's page shows
// no phone set-up.
import { randomInt } from "node:crypto";
import { expect, test } from "../fixtures";
import { openDialog, randomImei, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 120_000 });

/** the shape of a server-generated device id: four groups of six lower-case letters and digits */
const STRONG_ID = /^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/;

test("an admin adds a phone as an asset's tracker: the server generates its device id and the page shows the QR code", async ({ page, account, cli }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Teltonika Van", "--imei", randomImei()]);
  await page.goto(`/a/${account.key}/assets`);
  await signIn(page, account.adminEmail, account.adminPassword);

  const dialog = page.getByRole("dialog", { name: "Add asset" });
  await openDialog(page.getByRole("button", { name: "Add asset" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Driver phone");
  await dialog.getByLabel("Tracker protocol").selectOption("osmand");
  await expect(dialog.getByText("leave empty and the server generates a strong device id")).toBeVisible();
  await dialog.getByLabel("Tracker IMEI or device id").fill("driver 1"); // a space: not a device id
  await dialog.getByRole("button", { name: "Add asset" }).click();
  await expect(dialog.getByText("must be 1 to 64 characters")).toBeVisible(); // the server's rule, on the field
  await dialog.getByLabel("Tracker IMEI or device id").fill("");
  await dialog.getByRole("button", { name: "Add asset" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: "Driver phone" }).click();
  const setup = page.getByTestId("phone-setup");
  await expect(setup).toBeVisible();
  const deviceId = (await setup.locator("dd.font-mono").nth(1).innerText()).trim();
  expect(deviceId).toMatch(STRONG_ID);
  await expect(setup.getByRole("img", { name: new RegExp(`QR code that sets up Traccar Client .* device id ${deviceId}$`) })).toBeVisible();
  await expect(setup.getByText(/^http:\/\/[^/]+:\d+$/)).toBeVisible(); // OSMAND_PUBLIC_URL's default: PUBLIC_URL's host, OSMAND_PORT
  await expect(page.getByTestId("weak-device-id")).toHaveCount(0);

  await page.goto(`/a/${account.key}/assets`);
  await page.getByRole("link", { name: "Teltonika Van" }).click();
  await expect(page.getByRole("heading", { name: "Teltonika Van" })).toBeVisible();
  await expect(page.getByTestId("phone-setup")).toHaveCount(0);
});

test("a typed device id needs the weak-id opt-in, is marked weak, and one click re-keys it to a strong id with a new QR code", async ({ page, account }) => {
  const typed = `driver-${randomInt(1e9)}`;
  await page.goto(`/a/${account.key}/assets`);
  await signIn(page, account.adminEmail, account.adminPassword);

  const dialog = page.getByRole("dialog", { name: "Add asset" });
  await openDialog(page.getByRole("button", { name: "Add asset" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Typed phone");
  await dialog.getByLabel("Tracker protocol").selectOption("osmand");
  await dialog.getByLabel("Tracker IMEI or device id").fill(typed);
  await dialog.getByRole("button", { name: "Add asset" }).click();
  await expect(dialog.getByText("a typed one can be guessed")).toBeVisible(); // the rule, on the field
  await dialog.getByLabel("Allow a weak (typed) device id for this asset").check();
  await dialog.getByRole("button", { name: "Add asset" }).click();
  await expect(dialog).toBeHidden();

  // the list marks it weak
  const row = page.getByRole("row").filter({ hasText: "Typed phone" });
  await expect(row.getByText("Weak device id")).toBeVisible();

  await row.getByRole("link", { name: "Typed phone" }).click();
  const weak = page.getByTestId("weak-device-id");
  await expect(weak).toContainText("Weak device id.");
  await expect(page.locator("header").filter({ hasText: "Typed phone" }).getByText("Weak device id")).toBeVisible();
  const setup = page.getByTestId("phone-setup");
  await expect(setup.getByText(typed, { exact: true })).toBeVisible();

  await weak.getByRole("button", { name: "Re-key: generate a strong device id" }).click();
  await expect(page.getByText("New strong device id generated.")).toBeVisible();
  await expect(page.getByText("scan the new QR code with it").first()).toBeVisible();
  await expect(page.getByTestId("weak-device-id")).toHaveCount(0);
  await expect(setup.getByText(typed, { exact: true })).toHaveCount(0);
  const deviceId = (await setup.locator("dd.font-mono").nth(1).innerText()).trim();
  expect(deviceId).toMatch(STRONG_ID);
  await expect(setup.getByRole("img", { name: new RegExp(`device id ${deviceId}$`) })).toBeVisible();

  // and the list no longer marks it
  await page.goto(`/a/${account.key}/assets`);
  await expect(page.getByRole("row").filter({ hasText: "Typed phone" }).getByText("Weak device id")).toHaveCount(0);
});
