// Authorised drivers end to end, in the production build: an asset provisioned with the CLI, its tracker connected
// over real TCP and answering setparam/getparam like an FMB (server/simulator/fmb-parameter-memory.ts), an admin
// editing the list on the asset page; the list reaches the tracker and the page says the vehicle holds it. Then the
// immobiliser for authorised drivers is switched on and confirmed the same way.
//
// Needs the server's Teltonika listener on a known port: global setup exports it as FLEETLINE_E2E_TELTONIKA_PORT.
import { FmbParameterMemory } from "../../server/simulator/fmb-parameter-memory";
import { TestDevice } from "../../server/testing/teltonika-test-device";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 180_000 });

const JONAS = "01A2B3C4D5E6F708";
const RUTA = "01000000ABCDEF12";

test("an admin sets a vehicle's authorised drivers and the immobiliser, and sees the tracker confirm them", async ({ page, account, cli }) => {
  const imei = randomImei();
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Keyed Van", "--imei", imei]);
  const fmb = new FmbParameterMemory();
  const device = await TestDevice.connect(trackerPort(), imei, "127.0.0.1", fmb.handler);
  try {
    await page.goto(`/a/${account.key}/assets/${asset.id}`);
    await signIn(page, account.adminEmail, account.adminPassword);
    await expect(page.getByRole("heading", { name: "Keyed Van" })).toBeVisible();
    const panel = page.locator("section").filter({ has: page.getByRole("heading", { name: "Authorised drivers" }) });
    await expect(panel).toContainText("No authorised drivers.");

    const field = panel.getByLabel("Keys, one per line");
    await expect(async () => {
      if (!(await field.isVisible())) await panel.getByRole("button", { name: "Edit list" }).click();
      await expect(field).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // a mistake first: the form names the line
    await field.fill(`${JONAS} Jonas\nnot-a-key`);
    await panel.getByRole("button", { name: "Save and send to the vehicle" }).click();
    await expect(panel.getByRole("alert")).toContainText("Line 2:");

    const list = `${JONAS} Jonas\n${RUTA.toLowerCase()} Ruta`;
    await expect(async () => {
      await field.fill(list);
      await expect(field).toHaveValue(list, { timeout: 2_000 });
    }).toPass();
    await panel.getByRole("button", { name: "Save and send to the vehicle" }).click();

    await expect(panel.getByTestId("authorised-drivers-state")).toHaveText("On the vehicle", { timeout: 30_000 });
    const rows = panel.getByRole("row");
    await expect(rows.filter({ hasText: JONAS })).toContainText("Jonas");
    await expect(rows.filter({ hasText: RUTA })).toContainText("Ruta");
    await expect(rows.filter({ hasText: RUTA })).toContainText("Yes");
    expect(fmb.keys()).toEqual({ 0: JONAS, 1: RUTA });

    await panel.getByRole("button", { name: "Turn immobiliser on" }).click();
    await expect(panel).toContainText("Immobiliser for authorised drivers: on");
    await expect(panel.getByTestId("authorised-drivers-state")).toHaveText("On the vehicle", { timeout: 30_000 });
    await expect.poll(() => fmb.immobiliser).toBe(true);
  } finally {
    device.destroy();
  }
});
