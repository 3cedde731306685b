// Fuel and odometer entries on an asset's Fuel & odometer page, in the production build: an admin logs two full
// fill-ups and sees the consumption figure, on the entry and in the summary, and the chart; adds an odometer reading
// and sees one that breaks the sequence refused. All of it on a 360 px phone, without sideways scrolling.
import { expect, test } from "../fixtures";
import { signIn } from "../support/dashboard";

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
