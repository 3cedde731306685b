// The in-app inbox's bell end to end, in the production build (docs/notifications-inbox.md): a signed-in admin's bell
// starts with nothing unread and subscribes to the user's private channel (pusher-js authorised by /broadcasting/auth
// with the dashboard session cookie); a viewer then asks for access to an authorised-only tracking link over the
// public API, and the notification arrives on the open page without a reload, is listed in the popover and links to
// the Access requests page; mark read and mark all read clear the count, also after a reload; and on a 360 px phone
// the bell is on the screen and its popover fits. No page here may log an error to the console.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type Cli, type E2eAccount } from "../fixtures";
import { bellButton, collectErrors, randomImei, signIn } from "../support/dashboard";

test.describe.configure({ timeout: 180_000 });

async function signedInDashboard(page: Page, account: E2eAccount) {
  await page.goto(`/a/${account.key}/dashboard`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/dashboard$`));
}

/** the bell is subscribed to the user's channel: from now on a notification arrives without polling */
async function waitUntilLive(page: Page) {
  await expect(page.locator("[data-live]")).toHaveAttribute("data-live", "true");
}

async function authorisedOnlyLink(cli: Cli, account: E2eAccount, name: string): Promise<string> {
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Bus 7", "--imei", randomImei()]);
  const link = await cli(["link", "create", "--account", account.key, "--asset", String(asset.id), "--mode", "authorized_only", "--emails", "invited@example.test", "--name", name]);
  return String(link.uuid);
}

/** a viewer's access request over the public API, as the link's gate sends it */
async function askForAccess(request: APIRequestContext, uuid: string, who: string): Promise<string> {
  const email = `${who.toLowerCase()}-${randomBytes(4).toString("hex")}@example.test`;
  const response = await request.post(`/api/public/tracking/${uuid}/access-requests`, { data: { email, name: who } });
  expect(response.status()).toBe(202);
  return email;
}

test("a notification arrives live on the bell, is listed, and links to what it is about", async ({ page, request, account, cli }) => {
  const errors = collectErrors(page);
  const uuid = await authorisedOnlyLink(cli, account, "School run");
  await signedInDashboard(page, account);
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, none unread");
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);
  await waitUntilLive(page);

  const email = await askForAccess(request, uuid, "Ben");
  // the open page learns of it over the channel: no reload, and no polling while the channel is up
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(page.getByTestId("inbox-count")).toHaveText("1");
  await expect(page.locator("[data-live]")).toHaveAttribute("data-live", "true");

  await bellButton(page).click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel).toBeVisible();
  const items = panel.getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(`To the tracking link "School run".`);
  const link = panel.getByRole("link", { name: `Ben (${email}) asks for access` });
  await expect(link).toHaveAttribute("href", `/a/${account.key}/access-requests`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/a/${account.key}/access-requests$`));
  await expect(page.getByRole("heading", { name: "Access requests", level: 1 })).toBeVisible();
  await expect(panel).toBeHidden();
  // following the link read it
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, none unread");
  expect(errors).toEqual([]);
});

test("mark read and mark all read clear the count, and it stays cleared after a reload", async ({ page, request, account, cli }) => {
  const errors = collectErrors(page);
  const uuid = await authorisedOnlyLink(cli, account, "Morning bus");
  await signedInDashboard(page, account);
  await waitUntilLive(page);
  const first = await askForAccess(request, uuid, "Ann");
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, 1 unread");
  await askForAccess(request, uuid, "Bob");
  await askForAccess(request, uuid, "Cy");
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, 3 unread");

  await bellButton(page).click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await panel.getByRole("button", { name: `Mark "Ann (${first}) asks for access" read` }).click();
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, 2 unread");
  await expect(panel.getByRole("button", { name: /^Mark ".*" read$/ })).toHaveCount(2);

  await page.reload();
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, 2 unread");
  await bellButton(page).click();
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, none unread");
  await expect(page.getByTestId("inbox-count")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: /^Mark ".*" read$/ })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();

  await page.reload();
  await expect(bellButton(page)).toHaveAccessibleName("Notifications, none unread");
  await bellButton(page).click();
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await expect(panel.getByRole("button", { name: /^Mark ".*" read$/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("on a 360 px phone the bell is on the screen and its list fits", { tag: "@phone-only" }, async ({ page, account }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInDashboard(page, account);
  const bell = bellButton(page);
  await expect(bell).toBeInViewport({ ratio: 1 });
  await bell.click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel.getByText("Nothing here yet.")).toBeVisible();
  await expect(panel).toBeInViewport({ ratio: 1 });
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  // the page does not scroll sideways because of it
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  expect(errors).toEqual([]);
});
