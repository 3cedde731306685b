// The Reports page end to end, in the production build: a vehicle whose Teltonika tracker (real Codec 8E frames over
// TCP) drove a trip of known length yesterday; the trips and mileage reports show that distance in the table and a
// chart with bars; the PDF and the XLSX downloads hold it (the XLSX read back with exceljs); a schedule is added and
// listed, and one limited to a group and a tag lists its filter; a report limited to a group (named by its path, with
// its subgroups) or a tag covers only those vehicles.
// The map is the offline one (global setup); no page here loads anything from outside.
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { haversineMeters } from "../../server/modules/positions/geo";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test, type E2eAccount } from "../fixtures";
import { accountApi } from "../support/account-api";
import { randomImei, signIn } from "../support/dashboard";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 180_000 });

const MINUTE = 60_000;

/** yesterday 10:00 UTC (the account's zone is UTC, the default): a trip north at 60 km/h, 10 minutes, then ignition off */
function yesterdaysTrip(): { records: RecordToEncode[]; km: number } {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 10, 0, 0);
  const points = Array.from({ length: 11 }, (_, i) => ({ lat: 54.6872 + i * 0.009, lng: 25.2797, at: start + i * MINUTE }));
  const records = points.map((p) => drivingFix(p.lat, p.lng, 60, 0, { at: p.at }));
  const last = points.at(-1)!;
  // parked with the ignition off: the trip ends here
  records.push({ ...drivingFix(last.lat, last.lng, 0, 0, { at: last.at + MINUTE }), io: { u8: { 239: 0, 240: 0 }, u16: { 66: 12_600 } } });
  let meters = 0;
  for (let i = 1; i < points.length; i++) meters += haversineMeters(points[i - 1]!.lat, points[i - 1]!.lng, points[i]!.lat, points[i]!.lng);
  return { records, km: meters / 1000 };
}

async function driveYesterday(imei: string): Promise<number> {
  const { records, km } = yesterdaysTrip();
  const device = await TeltonikaDevice.connect(trackerPort(), encodeLogin(imei));
  try {
    expect(await device.send(encodeTcpPacket8E(records))).toBe(records.length);
  } finally {
    device.close();
  }
  return km;
}

async function openReports(page: Page, account: E2eAccount, query = "") {
  await page.goto(`/a/${account.key}/reports${query}`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
}

/** every text item of a PDF, joined by spaces (pdfjs-dist's Node build, offline) */
async function pdfText(body: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: body.slice(), isEvalSupported: false, useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await pdf.destroy();
  return parts.join(" ").replace(/\s+/g, " ");
}

/** the numbers of one column of the result table */
async function columnNumbers(page: Page, key: string): Promise<number[]> {
  const texts = await page.getByTestId("report-table").locator(`tbody td[data-column="${key}"]`).allTextContents();
  return texts.map((text) => Number(text.replace(/,/g, "")));
}

/** clicks Run until the stored trip shows (the pipeline writes in batches; the first run may come before) */
async function runUntilRows(page: Page) {
  await expect(async () => {
    await page.getByRole("button", { name: "Run report" }).click();
    await expect(page.getByTestId("report-table").locator("tbody tr").first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

test("a trip of known length shows in the trips and mileage reports, their charts and both downloads", async ({ page, request, account, cli }) => {
  const imei = randomImei();
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Report Van", "--plate", "RV-1", "--imei", imei]);
  const km = await driveYesterday(imei);
  expect(km).toBeGreaterThan(9.9);

  // the asset page links to its reports, pre-filtered to the asset
  await page.goto(`/a/${account.key}/assets/${asset.id}`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await page.getByRole("link", { name: "Reports" }).last().click();
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/reports\\?asset=${asset.id}$`));
  await expect(page.getByRole("radio", { name: /Chosen assets \(1\)/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Report Van/ })).toBeChecked();

  await page.getByLabel("Range").selectOption("yesterday");
  await page.getByLabel("Report", { exact: true }).selectOption("trips");
  await runUntilRows(page);
  const result = page.getByTestId("report-result");
  await expect(result.getByRole("heading", { name: "Trips report" })).toBeVisible();
  const [distance] = await columnNumbers(page, "distance_km");
  expect(Math.abs(distance! - km)).toBeLessThan(0.1);
  await expect(page.getByTestId("report-totals")).toContainText("Total");
  await expect(result.getByTestId("completeness")).toContainText("Report Van");
  // the chart: an SVG image whose description names yesterday's distance, with bars
  const chart = result.getByRole("img", { name: /Distance per day/ });
  await expect(chart).toBeVisible();
  expect(await chart.locator("rect").count()).toBeGreaterThan(0);

  // XLSX: read back, the trip's distance is in its column
  const [xlsxDownload] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name: "Download XLSX" }).click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^trips-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await xlsxDownload.path())!)) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const numbers: number[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => typeof cell.value === "number" && numbers.push(cell.value)));
  expect(numbers.some((value) => Math.abs(value - km) < 0.1)).toBe(true);

  // PDF: a real PDF document that prints the asset and the distance exactly as the table shows it
  const [pdfDownload] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name: "Download PDF" }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^trips-.*\.pdf$/);
  const pdf = await readFile((await pdfDownload.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.length).toBeGreaterThan(1_000);
  const shownDistance = (await page.getByTestId("report-table").locator('tbody td[data-column="distance_km"]').first().textContent())!;
  const text = await pdfText(new Uint8Array(pdf));
  expect(text).toContain("Report Van");
  expect(text).toContain(shownDistance.trim());

  // the download route answers only the dashboard session (the API request context has no cookie)
  const href = (await result.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!;
  expect((await request.get(href)).status()).toBe(401);

  // mileage per day: the same distance for yesterday
  await page.getByLabel("Report", { exact: true }).selectOption("mileage");
  await expect(page.getByLabel("Period")).toHaveValue("day");
  await page.getByRole("button", { name: "Run report" }).click();
  await expect(result.getByRole("heading", { name: "Mileage report" })).toBeVisible();
  await expect(async () => {
    const [mileage] = await columnNumbers(page, "distance_km");
    expect(Math.abs(mileage! - km)).toBeLessThan(0.1);
  }).toPass({ timeout: 15_000 });
  expect(await result.getByRole("img", { name: /Distance/ }).locator("rect").count()).toBeGreaterThan(0);
});

test("an admin adds a weekly schedule and sees it listed; a viewer reads it without the buttons", async ({ page, account, cli }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Schedule Van"]);
  await openReports(page, account);
  await page.getByRole("button", { name: "Add schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Add schedule" });
  await dialog.getByLabel("Name").fill("Weekly activity");
  await dialog.getByLabel("Report").selectOption("activity");
  await dialog.getByLabel("Frequency").selectOption("weekly");
  await dialog.getByLabel("Weekday").selectOption("1");
  await dialog.getByLabel("Local time").fill("07:30");
  await dialog.getByLabel("Format").selectOption("xlsx");
  await dialog.getByLabel("Recipients").fill("fleet@example.test, boss@example.test");
  await dialog.getByRole("button", { name: "Add schedule" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("report-schedule").filter({ hasText: "Weekly activity" });
  await expect(row).toContainText("Activity · XLSX · all assets");
  await expect(row).toContainText("Mondays at 07:30");

  await row.getByRole("button", { name: "Pause Weekly activity" }).click();
  await expect(row).toContainText("Paused");

  const email = `viewer-${account.key}@example.test`;
  await cli(["user", "create", "--account", account.key, "--email", email, "--name", "Viewer", "--password", "viewer-pass-1", "--role", "viewer"]);
  await page.context().clearCookies();
  await openReports(page, { ...account, adminEmail: email, adminPassword: "viewer-pass-1" });
  await expect(page.getByTestId("report-schedule").filter({ hasText: "Weekly activity" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add schedule" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Delete Weekly activity/ })).toHaveCount(0);
});

test("a report limited to a group or a tag covers only those vehicles", async ({ page, request, account, cli }) => {
  const minibus = await cli(["asset", "create", "--account", account.key, "--name", "Minibus 1"]);
  const lorry = await cli(["asset", "create", "--account", account.key, "--name", "Lorry 1"]);
  const api = (await accountApi(cli, account, request)).post;
  const depot = await api("asset-group", { name: "Depot" });
  const minibuses = await api("asset-group", { name: "Minibuses", parent_id: depot.id });
  await api(`asset-group/${minibuses.id}/assets`, { asset_ids: [minibus.id] });
  const leased = await api("tag", { name: "Leased" });
  await api(`tag/${leased.id}/assets`, { asset_ids: [lorry.id] });

  await openReports(page, account);
  await page.getByLabel("Report", { exact: true }).selectOption("trips");
  await page.getByLabel("Range").selectOption("yesterday");
  const covered = page.getByTestId("report-result").getByTestId("completeness");
  const run = async (group: string, tag: string) => {
    await page.getByLabel("Group", { exact: true }).selectOption({ label: group });
    await page.getByLabel("Tag", { exact: true }).selectOption({ label: tag });
    await page.getByRole("button", { name: "Run report" }).click();
  };

  // the subgroup, named by its path, and its parent (which holds it): the minibus only
  await expect(page.getByLabel("Group", { exact: true }).getByRole("option")).toHaveText(["Any group", "Depot", "Depot › Minibuses"]);
  await run("Depot › Minibuses", "Any tag");
  await expect(covered).toHaveCount(1);
  await expect(covered).toContainText("Minibus 1");
  await run("Depot", "Any tag");
  // the download carries the group (and tells this result from the one before): the file holds the minibus only
  const download = page.getByTestId("report-result").getByRole("link", { name: "Download HTML" });
  await expect(download).toHaveAttribute("href", new RegExp(`[?&]group_id=${depot.id}(&|$)`));
  await expect(covered).toHaveText([/Minibus 1/]);
  const href = (await download.getAttribute("href"))!;
  const file = await (await page.request.get(href)).text();
  expect(file).toContain("Minibus 1");
  expect(file).not.toContain("Lorry 1");

  // the tag: the lorry only; both at once match nothing, said beside the assets
  await run("Any group", "Leased");
  await expect(covered).toHaveText([/Lorry 1/]);
  await run("Depot › Minibuses", "Leased");
  await expect(page.getByText("no asset matches the group or tag").first()).toBeVisible();

  // no group or tag: both
  await run("Any group", "Any tag");
  await expect(covered).toHaveCount(2);
});

test("an admin limits a schedule to a group and a tag and sees the filter listed", async ({ page, request, account, cli }) => {
  const minibus = await cli(["asset", "create", "--account", account.key, "--name", "Minibus 1"]);
  const { post } = await accountApi(cli, account, request);
  const depot = await post("asset-group", { name: "Depot" });
  const minibuses = await post("asset-group", { name: "Minibuses", parent_id: depot.id });
  await post(`asset-group/${minibuses.id}/assets`, { asset_ids: [minibus.id] });
  await post("tag", { name: "Leased" });

  await openReports(page, account);
  await page.getByRole("button", { name: "Add schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Add schedule" });
  await dialog.getByLabel("Name").fill("Minibus trips");
  await dialog.getByLabel("Report").selectOption("trips");
  await dialog.getByLabel("Frequency").selectOption("daily");
  await dialog.getByLabel("Recipients").fill("depot@example.test");
  // the report form's selects: groups named by their path
  await expect(dialog.getByLabel("Group", { exact: true }).getByRole("option")).toHaveText(["Any group", "Depot", "Depot › Minibuses"]);
  await dialog.getByLabel("Group", { exact: true }).selectOption({ label: "Depot › Minibuses" });
  await dialog.getByRole("button", { name: "Add schedule" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("report-schedule").filter({ hasText: "Minibus trips" });
  await expect(row).toContainText("Trips · PDF · all assets in group Depot › Minibuses");

  // editing keeps the group and adds the tag
  await row.getByRole("button", { name: "Edit Minibus trips" }).click();
  const editor = page.getByRole("dialog", { name: "Edit schedule" });
  await expect(editor.getByLabel("Group", { exact: true })).toHaveValue(String(minibuses.id));
  await editor.getByLabel("Tag", { exact: true }).selectOption({ label: "Leased" });
  await editor.getByRole("button", { name: "Save schedule" }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText("all assets in group Depot › Minibuses · tag Leased");
});

test("the Reports page fits a phone", { tag: "@phone-only" }, async ({ page, request, account, cli }) => {
  const van = await cli(["asset", "create", "--account", account.key, "--name", "Phone Van"]);
  // a group with a long path and a tag, so the form's group and tag selects are there too
  const { post } = await accountApi(cli, account, request);
  const region = await post("asset-group", { name: "Northern region depots" });
  const depot = await post("asset-group", { name: "Minibuses and school buses", parent_id: region.id });
  await post(`asset-group/${depot.id}/assets`, { asset_ids: [van.id] });
  await post("tag", { name: "Leased" });
  await openReports(page, account);
  await expect(page.getByRole("button", { name: "Run report" })).toBeVisible();
  await page.getByLabel("Group", { exact: true }).selectOption({ label: "Northern region depots › Minibuses and school buses" });
  await expect(page.getByLabel("Tag", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Run report" }).click();
  await expect(page.getByTestId("report-result")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
