// Fuel and odometer entries on an asset's Fuel & odometer page, in the production build: an admin logs two full
// fill-ups and sees the consumption figure, on the entry and in the summary, and the chart; adds an odometer reading
// and sees one that breaks the sequence refused; then, on three fill-ups logged over the API, edits one, voids one
// and counts it again, and deletes one, the average following each change. All of it on a 360 px phone, without
// sideways scrolling.
import { expect, test } from "../fixtures";
import { accountApi } from "../support/account-api";
import { openDialog, signIn } from "../support/dashboard";

const PHONE = { width: 360, height: 740 };

test("an admin logs two fill-ups and sees the consumption and its chart on a 360 px phone", async ({ page, account, cli }) => {
  await page.setViewportSize(PHONE);
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Fuel Van"]);
  await page.goto(`/a/${account.key}/assets/${asset.id}/fuel`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Fuel & odometer" })).toBeVisible();
  await expect(page.getByText("No fuel entries yet.")).toBeVisible();

  const form = page.locator("section").filter({ has: page.getByRole("heading", { name: "Log a fill-up" }) });
  const fill = async (when: string, odometer: string, volume: string) => {
    await expect(async () => {
      await form.getByLabel("Date and time").fill(when);
      await form.getByLabel("Odometer (km)").fill(odometer);
      await form.getByLabel("Volume (L)").fill(volume);
      await form.getByLabel("Price per L").fill("2");
      await expect(form.getByLabel("Volume (L)")).toHaveValue(volume, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await form.getByRole("button", { name: "Save fill-up" }).click();
    await expect(form.getByLabel("Volume (L)")).toHaveValue("", { timeout: 15_000 });
  };
  await fill("2026-11-01T09:00", "10000", "40");
  await fill("2026-11-05T09:00", "10500", "35");

  const entries = page.getByTestId("fuel-entries");
  await expect(entries.getByRole("listitem")).toHaveCount(2);
  await expect(entries.getByTestId("entry-consumption").first()).toHaveText("7 L/100 km");
  await expect(page.getByTestId("average-consumption")).toHaveText("7 L/100 km");
  await expect(page.getByTestId("report-chart").locator("svg")).toHaveAttribute("aria-label", /Consumption \(L\/100 km\)\. 2026-11-05 7/);

  // the fill-ups' odometers are readings; a lower one is refused
  const readings = page.getByTestId("odometer-entries");
  await expect(readings.getByRole("listitem")).toHaveCount(2);
  const odometer = page.locator("section").filter({ has: page.getByRole("heading", { name: "Add an odometer reading" }) });
  await expect(async () => {
    await odometer.getByLabel("Read at").fill("2026-11-06T09:00");
    await odometer.getByLabel("Reading (km)").fill("10400");
    await expect(odometer.getByLabel("Reading (km)")).toHaveValue("10400", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await odometer.getByRole("button", { name: "Save reading" }).click();
  await expect(odometer.getByRole("alert")).toContainText("lower than the reading of 10,500 km");
  await odometer.getByLabel("Reading (km)").fill("10600");
  await odometer.getByRole("button", { name: "Save reading" }).click();
  await expect(readings.getByRole("listitem")).toHaveCount(3);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("an admin edits a fill-up, voids one and counts it again, and deletes one; the consumption follows", async ({ page, request, account, cli }) => {
  await page.setViewportSize(PHONE);
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Edit Van"]);
  const api = await accountApi(cli, account, request);
  // 500 km on 35 L (7 L/100 km), then 500 km on 45 L (9 L/100 km): 8 L/100 km on average
  for (const [day, odometer, volume] of [["01", 10_000, 40], ["05", 10_500, 35], ["09", 11_000, 45]] as const) {
    await api.post("fuel-entry", { asset_id: asset.id, filled_at: `2026-11-${day}T12:00:00Z`, odometer_km: odometer, volume_l: volume, price_per_unit: 2 });
  }
  await page.goto(`/a/${account.key}/assets/${asset.id}/fuel`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const average = page.getByTestId("average-consumption");
  await expect(average).toHaveText("8 L/100 km");
  const entry = (odometer: string) => page.getByTestId("fuel-entries").getByRole("listitem").filter({ hasText: `${odometer} km` });

  // the second fill-up was 30 L, not 35: its total follows the price (2 × 30), the average becomes 7.5
  const edit = page.getByRole("dialog", { name: "Edit fill-up" });
  await openDialog(entry("10,500").getByRole("button", { name: /^Edit/ }), edit);
  await expect(edit.getByLabel("Volume (L)")).toHaveValue("35");
  await edit.getByLabel("Volume (L)").fill("30");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Fill-up saved.")).toBeVisible();
  await expect(entry("10,500")).toContainText("30 L · 60");
  await expect(entry("10,500").getByTestId("entry-consumption")).toHaveText("6 L/100 km");
  await expect(average).toHaveText("7.5 L/100 km");

  // a bad odometer in the edit is refused beside the field, and nothing changes
  await openDialog(entry("10,500").getByRole("button", { name: /^Edit/ }), edit);
  await edit.getByLabel("Odometer (km)").fill("-5");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByLabel("Odometer (km)")).toHaveAccessibleDescription("must be 0 or more");
  await expect(edit.getByLabel("Odometer (km)")).toHaveAttribute("aria-invalid", "true");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  // voided, the third fill-up leaves the figures; counted again, it is back
  await entry("11,000").getByRole("button", { name: /^Void/ }).click();
  await expect(entry("11,000").getByRole("button", { name: /^Count again/ })).toBeVisible();
  await expect(average).toHaveText("6 L/100 km");
  await expect(page.getByTestId("report-chart").locator("svg")).toHaveAttribute("aria-label", /^Consumption \(L\/100 km\)\. 2026-11-05 6$/);
  await entry("11,000").getByRole("button", { name: /^Count again/ }).click();
  await expect(average).toHaveText("7.5 L/100 km");

  // deleted after the confirmation: gone from the list and the figures
  const confirm = page.getByRole("dialog", { name: "Delete fill-up?" });
  await openDialog(entry("11,000").getByRole("button", { name: /^Delete/ }), confirm);
  await confirm.getByRole("button", { name: "Delete fill-up" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Fill-up deleted.")).toBeVisible();
  await expect(page.getByTestId("fuel-entries").getByRole("listitem")).toHaveCount(2);
  await expect(average).toHaveText("6 L/100 km");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
