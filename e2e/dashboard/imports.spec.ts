// The import page in the production build: an office-staff member uploads a CSV of routes laid out one line per
// stop, maps the route-number column whose header the guess does not know, sees the preview (the route that will be
// created, the line that will be left out and why), imports, sees the result, and finds the job in the history; an
// admin connects a spreadsheet published by a local HTTP server (the e2e server allows loopback addresses,
// WEBHOOK_ALLOW_PRIVATE=1), sees its first import, checks it again (unchanged) and removes it; a viewer does not see
// the page in the navigation and is refused it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signIn } from "../support/dashboard";

// The test runs CLI commands and walks through four steps: room for a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

/** the imports page through the navigation (the phone menu first when the sidebar is hidden) */
async function openImports(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Imports" }).first();
  // a click on the menu before the page is hydrated is lost: click until the link shows
  await expect(async () => {
    if (!(await link.isVisible()) && (await menu.isVisible())) await menu.click();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await link.click();
  await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();
}

// "Service code" names no field: the person maps it to the route number by hand. Line 5 (row 4) has a latitude
// out of range, which leaves its route out.
const ROUTES_CSV = [
  "Service code,Route name,Stop,Lat,Lng,Time,Kind",
  "S1,Morning run,Oak Street,54.68,25.27,07:20,pick-up",
  "S1,,Mill Lane,54.69,25.28,15,",
  "S1,,School,54.70,25.29,,drop-off",
  "S2,Broken,Gate,95,25.30,07:40,",
].join("\n");

test("office staff upload a CSV, map a column, see the preview and the result, and find the job in the history", { tag: "@phone" }, async ({ page, account, cli }) => {
  const email = `staff-${account.key}@example.test`.toLowerCase();
  await cli(["user", "create", "--account", account.key, "--email", email, "--name", "Office Staff", "--password", "staff-password-1", "--role", "office_staff"]);
  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, email, "staff-password-1");
  await openImports(page);

  await page.getByLabel("Import", { exact: true }).selectOption("routes");
  await expect(async () => {
    await page.getByLabel("Sheet file (.csv or .xlsx)").setInputFiles({ name: "routes.csv", mimeType: "text/csv", buffer: Buffer.from(ROUTES_CSV) });
    await expect(page.getByText("routes.csv: 4 lines, 7 columns")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 }); // a file chosen before hydration is not read

  // the guess found every column but the route number's
  const routeNumber = page.getByLabel("Route number (required)");
  await expect(routeNumber).toHaveValue("");
  await expect(page.getByLabel("Stop name")).toHaveValue("Stop");
  await expect(page.getByLabel("Stop latitude")).toHaveValue("Lat");
  await routeNumber.selectOption("Service code");
  await expect(page.getByText("First value: S1")).toBeVisible();

  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("4 rows from routes.csv (each stop counts as a row). Nothing has been written yet.")).toBeVisible();
  await expect(page.locator("[data-stat=created]")).toHaveText("1");
  await expect(page.locator("[data-stat=failed]")).toHaveText("1");
  const leftOut = page.getByRole("table", { name: "Rows that will be left out" });
  const bad = leftOut.getByRole("row").nth(1);
  await expect(bad.getByRole("cell").nth(0)).toHaveText("4"); // row 4: the sheet's fourth data line
  await expect(bad.getByRole("cell").nth(1)).toHaveText("5"); // line 5 of the sheet, the header being line 1
  await expect(bad).toContainText("stops.lat");
  await expect(bad).toContainText('lat "95" must be a number from -90 to 90');
  const changes = page.getByRole("table", { name: "What the import will create and update" });
  await expect(changes.getByRole("row", { name: /Route S1 · Morning run · 3 stops/ })).toContainText("New");

  await page.getByRole("button", { name: "Import 4 rows" }).click();
  await expect(page.getByText("Done", { exact: true }).first()).toBeVisible();
  await expect(page.locator("[data-stat=created]")).toHaveText("1");
  await expect(page.locator("[data-stat=failed]")).toHaveText("1");
  await expect(page.getByRole("table", { name: "Rows left out" })).toContainText('lat "95" must be a number from -90 to 90');

  // the history lists the upload, newest first, and opens to its result
  const history = page.getByRole("table", { name: "Import history" });
  const job = history.getByRole("row").nth(1);
  await expect(job).toContainText("routes.csv");
  await expect(job).toContainText("Upload");
  await expect(job).toContainText("Routes");
  await expect(job).toContainText("Done");
  await job.getByRole("button", { name: "Open routes.csv" }).click();
  const dialog = page.getByRole("dialog", { name: "Import: routes.csv" });
  await expect(dialog).toContainText("by Office Staff");
  await expect(dialog.getByRole("table", { name: "Rows left out" })).toContainText("stops.lat");
});

test("an admin connects a published CSV, sees its first import, checks it again and removes it", async ({ page, account }) => {
  const csv = "Route,Stop,Time\nP7,Harbour,07:05\nP7,Market,07:20\n";
  const sheet = http.createServer((_request, response) => response.writeHead(200, { "content-type": "text/csv" }).end(csv));
  await new Promise<void>((resolve) => sheet.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(sheet.address() as AddressInfo).port}/pub.csv`;
  try {
    await page.goto(`/a/${account.key}/imports`);
    await signIn(page, account.adminEmail, account.adminPassword);
    const dialog = page.getByRole("dialog", { name: "Connect a spreadsheet" });
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Connect a spreadsheet" }).click();
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByLabel("Import", { exact: true }).selectOption("routes");
    await dialog.getByLabel("Published CSV address").fill(url);
    await dialog.getByRole("button", { name: "Read the columns" }).click();
    await expect(dialog.getByText("2 lines, 3 columns")).toBeVisible();
    await expect(dialog.getByLabel("Route number (required)")).toHaveValue("Route");
    await expect(dialog.getByLabel("Stop time")).toHaveValue("Time");
    await dialog.getByRole("button", { name: "Connect and import" }).click();
    await expect(dialog).toBeHidden();

    const source = page.getByRole("listitem").filter({ hasText: url });
    await expect(source).toContainText("Last import");
    await expect(source).toContainText("1 created · 0 updated · 0 left out");
    const history = page.getByRole("table", { name: "Import history" });
    await expect(history.getByRole("row").nth(1)).toContainText("Spreadsheet");

    await source.getByRole("button", { name: "Check now" }).click();
    await expect(source).toContainText("Unchanged since the last import: nothing to import.");
    await expect(history.getByRole("row")).toHaveCount(2); // still one job

    await source.getByRole("button", { name: `Remove ${url}` }).click();
    await page.getByRole("dialog", { name: "Remove this spreadsheet?" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("heading", { name: "No connected spreadsheets" })).toBeVisible();
    await expect(history.getByRole("row")).toHaveCount(2); // its import stays in the history
  } finally {
    await new Promise<void>((resolve) => sheet.close(() => resolve()));
  }
});

test("a viewer has no Imports page", async ({ page, account, cli }) => {
  const email = `viewer-${account.key}@example.test`.toLowerCase();
  await cli(["user", "create", "--account", account.key, "--email", email, "--name", "Viewer", "--password", "viewer-password-1", "--role", "viewer"]);
  await page.goto(`/a/${account.key}/imports`);
  await signIn(page, email, "viewer-password-1");
  await expect(page.getByText("Your role in this account does not include this page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Imports" })).toHaveCount(0);
});
