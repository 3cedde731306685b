// The passenger page /t/{uuid} end to end, in the production build and on a phone first (tagged @phone: the phone
// project runs these on a Pixel 7 viewport, the desktop project runs them too): the e-mail code gate with the code
// read from the server's outbox, a Teltonika device over TCP moving the vehicle live, the link disabled from the CLI
// ending the page without a reload; a time limit reached while watched; a dropped connection that recovers; a public
// link's branding and contact details; a link not started yet, one outside its schedule, an unknown one (404); and
// the live page at 360 px wide, with a screenshot.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import pg from "pg";
import { waitForOutboxMessage } from "../../server/testing/mail-capture";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test, type Cli, type E2eAccount } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 180_000 });

async function vehicleWithLink(cli: Cli, account: E2eAccount, linkFlags: string[]) {
  const imei = randomImei();
  const asset = await cli(["asset", "create", "--account", account.key, "--name", "Bus 7", "--plate", "BUS-7", "--imei", imei]);
  const link = await cli(["link", "create", "--account", account.key, "--asset", String(asset.id), ...linkFlags]);
  return { imei, uuid: String(link.uuid) };
}

async function sendFix(imei: string, record: RecordToEncode) {
  const device = await TeltonikaDevice.connect(trackerPort(), encodeLogin(imei));
  try {
    expect(await device.send(encodeTcpPacket8E([record]))).toBe(1); // one record stored
  } finally {
    device.close();
  }
}

/**
 * The account's branding and contact details, set as an admin does it: on the dashboard's settings page (the CLI
 * cannot set them).
 */
async function brandAccount(page: Page, account: E2eAccount, values: Record<string, string>) {
  await page.goto(`/a/${account.key}/settings`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  // typing that lands before the form is hydrated is reset by it: fill until every value holds, save, and check the
  // saved values after a reload, again until they hold
  await expect(async () => {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
    for (const [label, value] of Object.entries(values)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value, { timeout: 2_000 });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible({ timeout: 5_000 });
    await page.reload();
    for (const [label, value] of Object.entries(values)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

const BRANDING = (baseURL: string) => ({
  "Company name": "Bright Buses",
  "Logo URL": `${baseURL}/icon.svg`,
  "Primary colour": "#fde047", // light: the page must put black text on it
  "Contact name": "Dispatch desk",
  "Contact phone": "+370 600 12345",
  "Contact e-mail": "dispatch@example.test",
});

/**
 * A start time or a weekly schedule. Neither the CLI (operations.md lists its flags) nor the dashboard sets them yet,
 * so the test writes the columns itself; the page reads the link's state from the database on every request.
 */
async function updateLink(uuid: string, set: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: e2eSettings().databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE tracking_links SET ${set} WHERE uuid = $1`, [uuid, ...values]);
  } finally {
    await client.end();
  }
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const noReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

test("an e-mail code opens the page, the vehicle moves live, and disabling the link ends it without a reload", { tag: "@phone" }, async ({ page, account, cli }, testInfo) => {
  const { imei, uuid } = await vehicleWithLink(cli, account, ["--mode", "email_code", "--name", "School run"]);
  const email = `parent-${randomBytes(4).toString("hex")}@example.test`;

  await page.goto(`/t/${uuid}`);
  await expect(page.getByRole("heading", { name: "School run" })).toBeVisible();
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(`A 6-digit code is on its way to ${email}.`)).toBeVisible();

  const code = /\b(\d{6})\b/.exec((await waitForOutboxMessage(e2eSettings().dataDir, { to: email, timeoutMs: 30_000 })).text)![1]!;
  const codeField = page.getByLabel("6-digit code");
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");

  // a wrong code first: the server's own words
  await codeField.fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Open the tracking" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("That code is not right; 4 tries left.");

  await codeField.fill(code);
  await page.getByRole("button", { name: "Open the tracking" }).click();
  await expect(page.getByTestId("state-waiting")).toBeVisible(); // no position yet
  await expect(page.getByTestId("connection-state")).toHaveText("Live"); // subscribed to the channel
  await noReload(page);

  const map = page.locator("[data-map-ready=true]");
  await sendFix(imei, drivingFix(54.6872, 25.2797, 32, 90));
  await expect(page.getByTestId("passenger-speed")).toHaveText("32 km/h");
  await expect(page.getByTestId("passenger-motion")).toHaveText("Moving");
  await expect(map).toHaveAttribute("data-vehicle-position", "54.68720,25.27970");

  // some 400 m further on, faster
  await sendFix(imei, drivingFix(54.6901, 25.2843, 57, 45));
  await expect(page.getByTestId("passenger-speed")).toHaveText("57 km/h");
  await expect(map).toHaveAttribute("data-vehicle-position", "54.69010,25.28430");
  await expect(page.getByTestId("passenger-updated")).toContainText(/just now|s ago/);
  expect(await stillNoReload(page)).toBe(true);
  const live = await page.screenshot({ path: testInfo.outputPath(`live-page-${testInfo.project.name}.png`) });
  await testInfo.attach(`live page (${testInfo.project.name})`, { body: live, contentType: "image/png" });

  // the session is kept for this tab: a reload asks nothing again
  await page.reload();
  await expect(page.getByTestId("passenger-speed")).toHaveText("57 km/h");
  await expect(page.getByLabel("Your e-mail address")).toHaveCount(0);
  await expect(page.getByTestId("connection-state")).toHaveText("Live");
  await noReload(page);

  // disabled from the CLI: link.expired (reason disabled) reaches the page, which disconnects
  await cli(["link", "disable", "--uuid", uuid]);
  await expect(page.getByTestId("state-disabled")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("passenger-speed")).toHaveCount(0);
  expect(await stillNoReload(page)).toBe(true);
});

test("a link reaching its time limit ends while watched, with the reason in words", { tag: "@phone" }, async ({ page, account, cli }) => {
  // long enough ahead for the CLI and the page to start on a busy machine
  const expiresAt = new Date(Date.now() + 45_000).toISOString();
  const { imei, uuid } = await vehicleWithLink(cli, account, ["--name", "Short trip", "--expires-at", expiresAt]);
  await sendFix(imei, drivingFix(54.6872, 25.2797, 25, 90));
  await page.goto(`/t/${uuid}`);
  await expect(page.getByTestId("passenger-speed")).toHaveText("25 km/h");
  await noReload(page);
  const ended = page.getByTestId("state-expired");
  await expect(ended).toContainText("The time limit of this link has been reached", { timeout: 90_000 });
  await expect(page.getByTestId("passenger-speed")).toHaveCount(0);
  expect(await stillNoReload(page)).toBe(true);
});

test("a dropped connection shows 'connection lost', then reconnects by itself and catches up", { tag: "@phone" }, async ({ page, context, account, cli }) => {
  const { imei, uuid } = await vehicleWithLink(cli, account, ["--name", "Evening run"]);
  await sendFix(imei, drivingFix(54.6872, 25.2797, 20, 90));
  await page.goto(`/t/${uuid}`);
  await expect(page.getByTestId("passenger-speed")).toHaveText("20 km/h");
  await expect(page.getByTestId("connection-state")).toHaveText("Live");
  await noReload(page);

  await context.setOffline(true);
  // pusher-js notices when its ping goes unanswered
  await expect(page.getByTestId("state-connection-lost")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("passenger-speed")).toHaveText("20 km/h"); // the last known position stays
  await sendFix(imei, drivingFix(54.6901, 25.2843, 44, 45)); // sent while the page cannot hear it
  await context.setOffline(false);
  // the link info says active: the page reconnects and reads the position it missed
  await expect(page.getByTestId("connection-state")).toHaveText("Live", { timeout: 90_000 });
  await expect(page.getByTestId("passenger-speed")).toHaveText("44 km/h");
  expect(await stillNoReload(page)).toBe(true);
});

test("a public link opens without a gate and shows the company's branding and contact details", { tag: "@phone" }, async ({ page, account, cli, baseURL }) => {
  await brandAccount(page, account, BRANDING(baseURL!));
  const { uuid } = await vehicleWithLink(cli, account, ["--name", "Airport shuttle"]);

  const response = await page.goto(`/t/${uuid}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Airport shuttle · Bright Buses");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { name: "Airport shuttle" })).toBeVisible();
  await expect(page.getByTestId("state-waiting")).toBeVisible(); // verified by itself; the vehicle has not reported
  await expect(page.getByLabel("Your e-mail address")).toHaveCount(0);

  const header = page.getByTestId("passenger-panel").locator("header");
  await expect(header).toContainText("Bright Buses");
  await expect(header).toHaveCSS("background-color", "rgb(253, 224, 71)");
  await expect(header).toHaveCSS("color", "rgb(0, 0, 0)"); // readable on the light colour
  await expect(header.locator("img")).toHaveAttribute("src", `${baseURL}/icon.svg`);

  const contact = page.getByTestId("contact-details");
  await expect(contact).toContainText("Questions? Contact Dispatch desk");
  await expect(contact.getByRole("link", { name: "Call +370 600 12345" })).toHaveAttribute("href", "tel:+37060012345");
  await expect(contact.getByRole("link", { name: "E-mail dispatch@example.test" })).toHaveAttribute("href", "mailto:dispatch@example.test");
});

test("a link that has not started says when it starts, one outside its schedule when it resumes; an unknown link is not found (404)", { tag: "@phone" }, async ({ page, account, cli }) => {
  const { uuid } = await vehicleWithLink(cli, account, ["--name", "Next week's run"]);
  await updateLink(uuid, "starts_at = now() + make_interval(days => $2::int)", [3]);
  await page.goto(`/t/${uuid}`);
  const notStarted = page.getByTestId("state-not-started");
  await expect(notStarted).toContainText("Tracking has not started yet");
  await expect(notStarted).toContainText(/It starts (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} at \d\d:\d\d \(UTC time\)\./);
  await expect(page.getByTestId("vehicle-facts")).toHaveCount(0);

  // scheduled for tomorrow morning only (the account's time zone is UTC)
  const tomorrow = new Date(Date.now() + 86_400_000);
  const weekday = ((tomorrow.getUTCDay() + 6) % 7) + 1; // ISO: 1 Monday .. 7 Sunday
  const scheduled = await vehicleWithLink(cli, account, ["--name", "Morning run"]);
  await updateLink(scheduled.uuid, "schedule_days = ARRAY[$2::int], schedule_start = 420, schedule_end = 540", [weekday]);
  await page.goto(`/t/${scheduled.uuid}`);
  const paused = page.getByTestId("state-outside-schedule");
  await expect(paused).toContainText("Tracking is paused outside its schedule");
  const day = DAY_NAMES[weekday - 1];
  await expect(paused).toContainText(`It resumes ${day} ${tomorrow.getUTCDate()} ${MONTH_NAMES[tomorrow.getUTCMonth()]} at 07:00 (UTC time).`);
  await expect(paused).toContainText(`Schedule: ${day} 07:00–09:00.`);

  for (const missing of ["00000000-0000-4000-8000-000000000000", "not-a-link"]) {
    const response = await page.goto(`/t/${missing}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Link not found" })).toBeVisible();
    await expect(page).toHaveTitle("Link not found");
  }
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the live page fits the screen: no sideways scrolling, key facts in view, large tap targets", { tag: "@phone-only" }, async ({ page, account, cli, baseURL }, testInfo) => {
    await brandAccount(page, account, { ...BRANDING(baseURL!), "Primary colour": "#0f766e" });
    // with a destination, so distance and ETA show too
    const { imei, uuid } = await vehicleWithLink(cli, account, ["--name", "Airport shuttle to Terminal 2", "--destination", "54.6360,25.2870"]);
    await sendFix(imei, drivingFix(54.6872, 25.2797, 38, 180));

    await page.goto(`/t/${uuid}`);
    await expect(page.getByTestId("passenger-speed")).toHaveText("38 km/h");
    await expect(page.locator("[data-map-ready=true]")).toBeVisible();
    await expect(page.getByTestId("passenger-eta")).toContainText(/^in about \d+ min$/);
    await expect(page.getByTestId("passenger-distance")).toHaveText(/^5\.\d km away$/);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(360);
    for (const item of [
      page.getByRole("heading", { name: "Airport shuttle to Terminal 2" }),
      page.getByTestId("passenger-eta"),
      page.getByTestId("passenger-speed"),
      page.getByTestId("passenger-motion"),
      page.getByTestId("passenger-updated"),
    ]) {
      await expect(item).toBeInViewport();
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }

    // tap targets of at least 44 px: the contact links and the map's zoom buttons
    const targets = [
      page.getByRole("link", { name: /^Call / }),
      page.getByRole("link", { name: /^E-mail / }),
      page.getByRole("button", { name: "Zoom in" }),
      page.getByRole("button", { name: "Zoom out" }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }

    const screenshot = await page.screenshot({ path: testInfo.outputPath("passenger-page-360.png") });
    await testInfo.attach("passenger page at 360 px", { body: screenshot, contentType: "image/png" });
  });
});
