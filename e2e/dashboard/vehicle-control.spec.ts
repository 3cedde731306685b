// Vehicle control end to end, in the production build: a Toyota Yaris with a CAN-CONTROL adapter (its profile can
// lock and unlock but has no trunk release, and the adapter has no immobiliser) shows only Lock and Unlock; locking
// it from the asset page reaches the emulated tracker over TCP as a Codec 12 command and the command turns confirmed.
import { CanAdapterDevice } from "../../server/testing/can-adapter-device";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 180_000 });

test("the control panel hides unsupported actions and locks a vehicle", async ({ page, account, cli }) => {
  const imei = randomImei();
  const asset = await cli([
    "asset", "create", "--account", account.key, "--name", "Pool Yaris", "--imei", imei,
    "--adapter", "can-control", "--brand", "Toyota", "--model", "Yaris",
  ]);
  const device = await CanAdapterDevice.connect(trackerPort(), imei, { programNumber: 1247, reportsLockState: true });
  try {
    expect(await device.report({ speed: 0, ignition: false, closed: false })).toBe(1);

    await page.goto(`/a/${account.key}/assets/${asset.id}`);
    // typing may land before the sign-in form is hydrated (and be wiped): fill until the values stay
    for (const [label, value] of [["E-mail", account.adminEmail], ["Password", account.adminPassword]] as const) {
      const field = page.getByLabel(label);
      await expect(async () => {
        await field.fill(value);
        await expect(field).toHaveValue(value, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    }
    await signIn(page, account.adminEmail, account.adminPassword);
    await expect(page).toHaveURL(new RegExp(`/a/${account.key}/assets/${String(asset.id)}$`));
    const actions = page.getByRole("group", { name: "Vehicle actions" });
    // the adapter's program number arrives with the record; the panel refreshes its capabilities
    await expect(async () => {
      await page.reload();
      await expect(actions.getByRole("button", { name: "Lock", exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(actions.getByRole("button")).toHaveText(["Lock", "Unlock"]);
    await expect(page.getByRole("button", { name: "Open trunk" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Block engine" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Why some actions are not offered" })).toContainText("This vehicle model cannot do this action.");

    // a click before hydration is lost: click until the command is listed
    const commands = page.getByRole("list", { name: "Recent commands" });
    await expect(async () => {
      if ((await commands.count()) === 0) await actions.getByRole("button", { name: "Lock", exact: true }).click();
      await expect(commands.getByRole("listitem").filter({ hasText: "Lock" })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(commands.getByRole("listitem").first()).toContainText("Confirmed");
    expect(device.commands).toEqual(["lvcanclosealldoors"]);
  } finally {
    await device.close();
  }
});
