// Tracking links in the dashboard, in the production build: an admin creates a scheduled e-mail-code link on the Links
// page, copies its address, shows and downloads its QR code, edits, disables and deletes it; the server's field
// errors appear under their fields; the link form speaks the account's time zone; the asset page lists the vehicle's
// links and creates one for it; a viewer sees links but cannot change them; on a phone without a clipboard the
// address is offered selected.
import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { signIn } from "../support/dashboard";

// Each test runs CLI commands and drives several dialogs: room for a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

const LINK_URL = /^https?:\/\/[^/]+\/t\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** the links page through the navigation (the phone menu first when the sidebar is hidden) */
async function openLinks(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).first().click();
  await expect(page.getByRole("heading", { name: "Links", level: 1 })).toBeVisible();
}

test("an admin creates a scheduled e-mail-code link, copies it, shows its QR code, edits, disables and deletes it", async ({
  page,
  context,
  account,
  cli,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await cli(["asset", "create", "--account", account.key, "--name", "Bus 1"]);
  // a start next year makes the status certain ("Not started") whatever the time of the run
  const nextYear = new Date().getUTCFullYear() + 1;

  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await openLinks(page);
  await expect(page.getByRole("heading", { name: "No tracking links yet" })).toBeVisible();

  await page.getByRole("button", { name: "New link" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New tracking link" });
  await dialog.getByLabel("Vehicle", { exact: true }).selectOption({ label: "Bus 1" });
  await dialog.getByLabel("Display name").fill("Airport shuttle");
  await dialog.getByRole("radio", { name: "E-mail code" }).check();
  await expect(dialog.getByText("Times are in the account's time zone, UTC")).toBeVisible();
  await dialog.getByLabel("Start", { exact: true }).fill(`${nextYear}-01-04T06:00`);
  await dialog.getByLabel("Only on a weekly schedule").check();
  await dialog.getByRole("checkbox", { name: "Saturday" }).check();
  await dialog.getByLabel("From", { exact: true }).fill("06:30");
  await dialog.getByLabel("To", { exact: true }).fill("22:15");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Created Airport shuttle.")).toBeVisible();

  const row = page.getByRole("row", { name: /Airport shuttle/ });
  await expect(row).toContainText("Bus 1");
  await expect(row).toContainText("E-mail code");
  await expect(row).toContainText("Mon–Sat 06:30–22:15");
  await expect(row).toContainText("Not started");
  await expect(row).toContainText("None"); // no time limit

  // Copy: the real clipboard, and a visible confirmation.
  const copy = row.getByRole("button", { name: "Copy link of Airport shuttle" });
  await copy.click();
  await expect(copy).toHaveText("Copied");
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(LINK_URL);

  // QR code: an SVG of the same address, and the same SVG as a download.
  await row.getByRole("button", { name: "QR code of Airport shuttle" }).click();
  const qr = page.getByRole("dialog", { name: "QR code of Airport shuttle" });
  await expect(qr.getByRole("img", { name: `QR code of ${url}` }).locator("svg")).toBeVisible();
  await expect(qr).toContainText(url);
  const downloading = page.waitForEvent("download");
  await qr.getByRole("link", { name: "Download SVG" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("airport-shuttle-qr.svg");
  expect(await readFile(await download.path(), "utf8")).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  await qr.getByRole("button", { name: "Close" }).click();
  await expect(qr).toBeHidden();

  // Edit: the form shows the link as saved; a new name and a time limit.
  await row.getByRole("button", { name: "Edit Airport shuttle" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Airport shuttle" });
  await expect(edit.getByLabel("Display name")).toHaveValue("Airport shuttle");
  await expect(edit.getByRole("radio", { name: "E-mail code" })).toBeChecked();
  await expect(edit.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
  await expect(edit.getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
  await expect(edit.getByLabel("From", { exact: true })).toHaveValue("06:30");
  await edit.getByLabel("Display name").fill("Airport shuttle 2");
  await edit.getByLabel("Time limit").fill(`${nextYear + 1}-02-01T18:00`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole("row", { name: /Airport shuttle 2/ });
  await expect(edited).toContainText(String(nextYear + 1));
  await expect(edited).toContainText("Not started");

  // Disable, then delete after confirming.
  await edited.getByRole("button", { name: "Disable Airport shuttle 2" }).click();
  await expect(edited).toContainText("Disabled");
  await expect(edited.getByRole("button", { name: "Enable Airport shuttle 2" })).toBeVisible();
  await edited.getByRole("button", { name: "Delete Airport shuttle 2" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete tracking link?" });
  await confirm.getByRole("button", { name: "Delete link" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("heading", { name: "No tracking links yet" })).toBeVisible();
});

test("the server's field errors appear under their fields; the form speaks the account's time zone", async ({ page, account, cli }) => {
  await cli(["asset", "create", "--account", account.key, "--name", "Van 2"]);
  await page.goto(`/a/${account.key}/settings`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByLabel("Time zone")).toHaveValue("UTC");
  // the preview follows the form once the page is interactive: typing that lands before hydration is lost on a
  // busy machine, so type again until the preview shows it
  const company = page.getByLabel("Company name");
  await expect(async () => {
    await company.fill("");
    await company.fill("Vilnius Buses");
    await expect(page.getByRole("figure", { name: "Tracking page preview" })).toContainText("Vilnius Buses", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel("Time zone").selectOption("Europe/Vilnius");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Vilnius");

  await openLinks(page);
  await page.getByRole("button", { name: "New link" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New tracking link" });
  await expect(dialog.getByText("Times are in the account's time zone, Europe/Vilnius")).toBeVisible();

  // No vehicle, authorised-only without addresses, a destination without its longitude: refused field by field.
  await dialog.getByRole("radio", { name: "Authorised only" }).check();
  await dialog.getByLabel("Expire when the vehicle arrives at a destination").check();
  await dialog.getByLabel("Destination latitude").fill("54.6872");
  await dialog.getByText("Branding and contact for this link").click();
  await dialog.getByLabel("Logo URL").fill("ftp://example.com/logo.png");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const emails = dialog.getByLabel("Allowed e-mail addresses");
  await expect(emails).toHaveAttribute("aria-invalid", "true");
  await expect(emails).toHaveAccessibleDescription("list at least one address for authorised-only links");
  await expect(dialog.getByLabel("Vehicle", { exact: true })).toHaveAccessibleDescription("must not be empty");
  await expect(dialog.getByLabel("Destination longitude")).toHaveAccessibleDescription("must not be empty");
  await expect(dialog.getByLabel("Logo URL")).toHaveAccessibleDescription("must be an http(s) URL");
  await expect(dialog.getByText("Check the highlighted fields.")).toBeVisible();

  // One bad address is named; then a good list is accepted.
  await dialog.getByLabel("Vehicle", { exact: true }).selectOption({ label: "Van 2" });
  await dialog.getByLabel("Destination longitude").fill("25,2797"); // a decimal comma is read as a point
  await dialog.getByLabel("Logo URL").fill("https://example.com/logo.png");
  await dialog.getByLabel("Pick the primary colour").fill("#00aa00");
  await expect(dialog.getByLabel("Primary colour", { exact: true })).toHaveValue("#00aa00");
  await emails.fill("anna@example.com\nnot-an-address");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(emails).toHaveAccessibleDescription("not-an-address: must be an e-mail address");
  await emails.fill("anna@example.com, ben@example.com");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: /Van 2/ });
  await expect(row).toContainText("Authorised only");
  await expect(row).toContainText("On arrival");

  // The saved link opens with what was typed.
  await row.getByRole("button", { name: "Edit Van 2" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Van 2" });
  await expect(edit.getByLabel("Allowed e-mail addresses")).toHaveValue("anna@example.com\nben@example.com");
  await expect(edit.getByLabel("Destination longitude")).toHaveValue("25.2797");
  await expect(edit.getByLabel("Arrival radius (m)")).toHaveValue("200");
  await expect(edit.getByLabel("Logo URL")).toHaveValue("https://example.com/logo.png"); // the overrides show open
  await expect(edit.getByLabel("Primary colour", { exact: true })).toHaveValue("#00aa00");
});

test("the asset page lists the vehicle's links and creates one for it", async ({ page, account, cli }) => {
  const { id } = await cli(["asset", "create", "--account", account.key, "--name", "Bus 7"]);
  await cli(["link", "create", "--account", account.key, "--asset", String(id), "--name", "Morning route"]);
  const other = await cli(["asset", "create", "--account", account.key, "--name", "Bus 8"]);
  await cli(["link", "create", "--account", account.key, "--asset", String(other.id), "--name", "Other route"]);

  await page.goto(`/a/${account.key}/assets/${String(id)}`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const panel = page.getByRole("table", { name: "Tracking links of Bus 7" });
  await expect(panel.getByRole("row", { name: /Morning route/ })).toContainText("Active");
  await expect(panel.getByRole("row", { name: /Other route/ })).toHaveCount(0);

  await page.getByRole("button", { name: "New link" }).click();
  const dialog = page.getByRole("dialog", { name: "New tracking link" });
  await expect(dialog.getByLabel("Vehicle", { exact: true })).toHaveValue(String(id));
  await expect(dialog.getByLabel("Viewer session length")).toHaveValue("240"); // 4 hours
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();
  // an empty display name takes the vehicle's
  await expect(panel.getByRole("row", { name: /Bus 7/ })).toContainText("Public");
  await expect(panel.getByRole("row")).toHaveCount(3); // the header and two links
});

test("a viewer sees the links but cannot create, edit, disable or delete them", async ({ page, account, cli }) => {
  const { id } = await cli(["asset", "create", "--account", account.key, "--name", "Tram 3"]);
  await cli(["link", "create", "--account", account.key, "--asset", String(id), "--name", "Tram watch", "--mode", "email"]);
  const viewerEmail = `viewer-${randomInt(1e9)}@example.test`;
  await cli(["user", "create", "--account", account.key, "--email", viewerEmail, "--name", "E2E Viewer", "--password", "viewer-password", "--role", "viewer"]);

  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, viewerEmail, "viewer-password");
  await openLinks(page);
  const row = page.getByRole("row", { name: /Tram watch/ });
  await expect(row).toContainText("E-mail");
  await expect(row).toContainText("Active");
  await expect(row.getByRole("button", { name: "Copy link of Tram watch" })).toBeVisible();
  await expect(row.getByRole("button", { name: "QR code of Tram watch" })).toBeVisible();
  for (const name of ["New link", "Edit Tram watch", "Disable Tram watch", "Delete Tram watch"]) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
});

test("on a phone without a clipboard, a new link's address is offered selected", { tag: "@phone" }, async ({ page, account, cli }) => {
  // as on a dashboard served over plain http: no Clipboard API at all
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
  await cli(["asset", "create", "--account", account.key, "--name", "Coach 5"]);
  await page.goto(`/a/${account.key}/links`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "No tracking links yet" })).toBeVisible(); // the list has loaded
  await page.getByRole("button", { name: "New link" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New tracking link" });
  await dialog.getByLabel("Vehicle", { exact: true }).selectOption({ label: "Coach 5" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Copy link of Coach 5" }).click();
  const field = page.getByLabel(/Link of Coach 5, selected/);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(LINK_URL);
  const selected = await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0));
  expect(selected).toBe(await field.inputValue());
});
