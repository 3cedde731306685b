// Alert notifications end to end, in the production build (docs/notifications.md): a fleet manager adds an overspeed
// rule through the form and says who hears about it (in the inbox and by e-mail, to themselves; a bad address is
// refused next to its field first), a Teltonika device speeding over raw TCP fires it, and the manager's bell counts
// the notification on the open page without a reload and lists it. The manager opens the alert, sees the inbox
// message sent, acknowledges it and sees who did; a viewer, on a 360 px phone, sees the same alert and its
// deliveries but no Acknowledge button. On a 360 px phone the rule form's escalation steps fit the screen.
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { encodeLogin, encodeTcpPacket8E } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test, type Cli, type E2eAccount } from "../fixtures";
import { bellButton, collectErrors, openDialog, randomImei, signIn } from "../support/dashboard";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 240_000 });

const PHONE = { width: 360, height: 740 };

async function member(cli: Cli, account: E2eAccount, name: string, role: "fleet_manager" | "viewer") {
  const email = `${role}-${randomInt(1e9)}@example.test`;
  const password = `pw-${randomInt(1e9)}`;
  await cli(["user", "create", "--account", account.key, "--email", email, "--name", name, "--password", password, "--role", role]);
  return { name, email, password };
}

/** the page does not scroll sideways */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("a manager's rule notifies them live in the inbox; they open the alert's deliveries and acknowledge it; a viewer cannot", async ({ page, browser, baseURL, account, cli }) => {
  const errors = collectErrors(page);
  const port = trackerPort();
  const imei = randomImei();
  await cli(["asset", "create", "--account", account.key, "--name", "Depot Van", "--plate", "DV-7", "--imei", imei]);
  const manager = await member(cli, account, "Fran Manager", "fleet_manager");
  const viewer = await member(cli, account, "Vic Viewer", "viewer");

  // 1. the rule, through the form: who hears about it is the manager, in the inbox and by e-mail
  await page.goto(`/a/${account.key}/alerts/rules`);
  await signIn(page, manager.email, manager.password);
  await expect(page.getByRole("heading", { name: "Alert rules", exact: true })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Add alert rule" });
  await openDialog(page.getByRole("button", { name: "Add rule" }).first(), dialog);
  await dialog.getByLabel("Name").fill("Speeding");
  await dialog.getByLabel("Type").selectOption("OVERSPEED");
  await dialog.getByLabel("Speed limit (km/h)").fill("80");
  const who = dialog.getByRole("group", { name: "Who hears about it" });
  const channels = who.getByRole("group", { name: "Channels" }).first();
  await channels.getByLabel("Dashboard inbox").check();
  await channels.getByLabel("E-mail").check();
  await who.getByRole("group", { name: "Members" }).first().getByLabel(/Fran Manager/).check();
  // an address the server refuses: the error names it, beside the field
  const extra = who.getByLabel("Other e-mail addresses").first();
  await extra.fill("night-shift@example.test\nnot-an-address");
  await dialog.getByRole("button", { name: "Add rule" }).click();
  await expect(who.getByText("not-an-address: must be an e-mail address")).toBeVisible();
  await expect(extra).toHaveAttribute("aria-invalid", "true");
  // the refusal is a 400 the browser logs as a failed resource: expected here, so not counted as a page error
  errors.length = 0;
  await extra.fill("");
  await dialog.getByRole("button", { name: "Add rule" }).click();
  await expect(dialog).toBeHidden();
  const rule = page.getByTestId("rule-row").filter({ hasText: "Speeding" });
  await expect(rule.getByTestId("rule-notify")).toHaveText("Notifies by Dashboard inbox, E-mail");

  // the form shows the stored block as it was chosen
  await rule.getByRole("button", { name: "Edit Speeding" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Speeding" });
  await expect(edit.getByRole("group", { name: "Channels" }).first().getByLabel("Dashboard inbox")).toBeChecked();
  await expect(edit.getByRole("group", { name: "Members" }).first().getByLabel(/Fran Manager/)).toBeChecked();
  await expect(edit.getByRole("group", { name: "Members" }).first().getByLabel(/Vic Viewer/)).not.toBeChecked();
  await edit.getByRole("button", { name: "Cancel" }).click();

  // 2. the alerts page, with the bell on its private channel
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Alerts", exact: true })).toBeVisible();
  await expect(page.getByText("No alerts")).toBeVisible();
  await expect(page.locator("[data-live]")).toHaveAttribute("data-live", "true");
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, none unread");
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // 3. a real tracker speeds: 104 km/h against a limit of 80
  const device = await TeltonikaDevice.connect(port, encodeLogin(imei));
  try {
    const start = Date.now() - 60_000;
    expect(await device.send(encodeTcpPacket8E([drivingFix(54.6872, 25.2797, 104, 90, { at: start })]))).toBe(1);
    expect(await device.send(encodeTcpPacket8E([drivingFix(54.6874, 25.2897, 106, 90, { at: start + 20_000 })]))).toBe(1);
  } finally {
    device.close();
  }

  // 4. the bell counts it live and lists it
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
  await bellButton(page).click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  await expect(panel.getByRole("listitem")).toContainText("Speeding: Depot Van");
  // following it opens that alert on the alerts page
  await panel.getByRole("link", { name: /Speeding: Depot Van/ }).click();
  await expect(page).toHaveURL(/\/alerts\?alert=\d+$/);
  await expect(panel).toBeHidden();

  // 5. the alert's deliveries: the inbox message sent to the manager; a viewer (on a phone) sees them too, unacknowledged, without the button
  const row = page.getByTestId("alert-row").filter({ hasText: "Depot Van" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button").click();
  const deliveries = page.getByTestId("alert-deliveries");
  const inbox = deliveries.getByTestId("delivery").filter({ hasText: "Dashboard inbox" });
  await expect(inbox).toContainText("Fran Manager");
  await expect(inbox).toContainText("Sent");
  await expect(inbox.getByRole("list", { name: "Tries" })).toContainText("sent");
  await expect(deliveries.getByTestId("delivery").filter({ hasText: "E-mail" })).toContainText("Fran Manager");
  await expect(deliveries).toContainText("Not acknowledged yet.");

  const phone = await browser.newContext({ viewport: PHONE, baseURL });
  try {
    const viewerPage = await phone.newPage();
    const viewerErrors = collectErrors(viewerPage);
    await viewerPage.goto(`/a/${account.key}/alerts`);
    await signIn(viewerPage, viewer.email, viewer.password);
    const viewerRow = viewerPage.getByTestId("alert-row").filter({ hasText: "Depot Van" });
    await viewerRow.getByRole("button").click();
    const seen = viewerPage.getByTestId("alert-deliveries");
    await expect(seen).toBeInViewport();
    await expect(seen.getByTestId("delivery").filter({ hasText: "Dashboard inbox" })).toContainText("Sent");
    await expect(seen).toContainText("Not acknowledged yet.");
    await expect(seen.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
    const box = (await seen.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await fitsWidth(viewerPage, PHONE.width);
    expect(viewerErrors).toEqual([]);
  } finally {
    await phone.close();
  }

  // 6. the manager acknowledges; the page says who and when
  await deliveries.getByRole("button", { name: "Acknowledge" }).click();
  await expect(deliveries.getByTestId("alert-acknowledged")).toContainText(`Acknowledged by Fran Manager <${manager.email}> at`);
  await expect(deliveries.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await page.reload();
  await page.getByTestId("alert-row").filter({ hasText: "Depot Van" }).getByRole("button").click();
  await expect(page.getByTestId("alert-acknowledged")).toContainText(`Acknowledged by Fran Manager <${manager.email}> at`);
  expect(errors).toEqual([]);
});

test("on a 360 px phone the rule form's recipients and escalation steps fit the screen", { tag: "@phone-only" }, async ({ page, account }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/a/${account.key}/alerts/rules`);
  await signIn(page, account.adminEmail, account.adminPassword);
  const dialog = page.getByRole("dialog", { name: "Add alert rule" });
  await openDialog(page.getByRole("button", { name: "Add rule" }).first(), dialog);
  const who = dialog.getByRole("group", { name: "Who hears about it" });
  await expect(who.getByRole("group", { name: "Members" })).toContainText("E2E Admin");
  await expect(who.getByText("Escalation", { exact: true })).toHaveCount(0);
  await who.getByLabel("Critical").check();
  for (let step = 1; step <= 5; step++) await who.getByRole("button", { name: "Add escalation step" }).click();
  await expect(who.getByTestId("escalation-step")).toHaveCount(5);
  await expect(who.getByRole("button", { name: "Add escalation step" })).toHaveCount(0);
  await expect(who.getByText("At most 5 steps.")).toBeVisible();
  const last = who.getByRole("group", { name: "Step 5" });
  await expect(last.getByLabel("After (minutes)")).toHaveValue("45");
  await last.scrollIntoViewIfNeeded();
  const box = (await last.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await fitsWidth(page, PHONE.width);
  // a step is removed from the middle; turning critical off hides the steps
  await who.getByRole("button", { name: "Remove step 2" }).click();
  await expect(who.getByTestId("escalation-step")).toHaveCount(4);
  await who.getByLabel("Critical").uncheck();
  await expect(who.getByTestId("escalation-step")).toHaveCount(0);
  expect(errors).toEqual([]);
});
