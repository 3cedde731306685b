// Every time the dashboard shows is in the viewer's zone (docs/dashboard.md "Times"), in the production build: the
// browser is in New York with a British locale, the account in Vilnius. An alert, a trip, a fill-up, an import job
// and a message at known instants read in Vilnius time with the zone's name ("14:05 EET"), never in New York time;
// once the member chooses Tokyo in their profile, the same pages read in Tokyo time. No page logs an error (a time
// formatted differently on the server and in the browser would be a hydration error).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { encodeLogin, encodeTcpPacket8E } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test, type Cli, type E2eAccount } from "../fixtures";
import { collectErrors, openDialog, randomImei, signIn } from "../support/dashboard";
import { drivingFix, TeltonikaDevice, trackerPort } from "../support/teltonika-device";

test.describe.configure({ timeout: 240_000 });
test.use({ timezoneId: "America/New_York", locale: "en-GB" });

const VILNIUS = "Europe/Vilnius";
const NEW_YORK = "America/New_York";
const TOKYO = "Asia/Tokyo";
const MINUTE = 60_000;

/** "14:05": the wall clock of `instant` in `timeZone`, as en-GB prints it */
function clock(instant: number | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(instant));
}

/** "EET", "GMT+9": the zone's short name at `instant`, as en-GB prints it */
function zoneName(instant: number | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "short" }).formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")!.value;
}

/** the account's REST API with an OAuth token, and the import API with an API key */
async function restApi(cli: Cli, account: E2eAccount, request: APIRequestContext) {
  const client = await cli(["oauth-client", "create", "--account", account.key, "--name", "Time zones"]);
  const token = await request.post("/oauth/token", { form: { grant_type: "client_credentials", client_id: String(client.client_id), client_secret: String(client.client_secret) } });
  const headers = { authorization: `Bearer ${String((await token.json()).access_token)}` };
  const { api_key: apiKey } = await cli(["api-key", "create", "--account", account.key, "--user-email", account.adminEmail]);
  return {
    async post(path: string, data: unknown) {
      const response = await request.post(`/api/${account.key}/${path}`, { headers, data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()).data;
    },
    async get(path: string) {
      const response = await request.get(`/api/${account.key}/${path}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).data;
    },
    async importRows(data: unknown) {
      const response = await request.post(`/api/v1/${account.key}/imports/rows`, { headers: { authorization: `Bearer ${String(apiKey)}` }, data });
      expect(response.status(), await response.text()).toBe(200);
      return await response.json();
    },
  };
}

/** one record as a page shows it: where, and the instant (or the instants it may be, for a job timed by the server) */
interface Shown {
  what: string;
  path: string;
  within: (page: Page) => Locator;
  instants: number[];
  /** printed with seconds ("14:05:09 EET") */
  seconds?: boolean;
}

/** each record's time reads in `zone` with its name, and in neither of the `others` */
async function expectTimesIn(page: Page, shown: Shown[], zone: string, others: string[]) {
  for (const record of shown) {
    await page.goto(record.path);
    const where = record.within(page);
    // to the minute: a message's "sent" second is the server's
    const wall = record.instants.map((instant) => `${clock(instant, zone)}${record.seconds ? ":\\d\\d" : ""} ${zoneName(instant, zone).replace("+", "\\+")}`);
    await expect(where, `${record.what} in ${zone}`).toContainText(new RegExp(wall.join("|")));
    for (const other of others) {
      for (const instant of record.instants) {
        await expect(where, `${record.what} not in ${other}`).not.toContainText(clock(instant, other));
      }
    }
  }
}

test("every time reads in the account's zone, then in the member's own; never in the browser's", async ({ page, request, account, cli }) => {
  const errors = collectErrors(page);
  const api = await restApi(cli, account, request);

  // the account in Vilnius, set on its settings page
  await page.goto(`/a/${account.key}/settings`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await page.getByLabel("Time zone").selectOption(VILNIUS);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  // a van speeding for three minutes from a whole minute three hours ago: the trip and an overspeed alert
  const imei = randomImei();
  const van = await cli(["asset", "create", "--account", account.key, "--name", "Zone Van", "--imei", imei]);
  await api.post("alert", { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90, min_duration_s: 30 } });
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - 3 * 60 * MINUTE;
  const device = await TeltonikaDevice.connect(trackerPort(), encodeLogin(imei));
  try {
    for (let i = 0; i < 3; i++) {
      expect(await device.send(encodeTcpPacket8E([drivingFix(54.6872 - i * 0.01, 25.2797, 120, 180, { at: start + i * MINUTE })]))).toBe(1);
    }
  } finally {
    device.close();
  }
  await expect.poll(async () => (await api.get("fired-alert")).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [alert] = (await api.get("fired-alert")) as { fired_at: string }[];

  // a fill-up the day before at 12:17 UTC
  const filledAt = start - 24 * 60 * MINUTE + 17 * MINUTE;
  await api.post("fuel-entry", { asset_id: Number(van.id), filled_at: new Date(filledAt).toISOString(), odometer_km: 10_000, volume_l: 40, price_per_unit: 2 });

  // an import job over the import API (timed by the server: started at most a minute before it finished)
  const job = await api.importRows({ target: "routes", rows: [{ route_number: "TZ1", vehicle: "Zone Van", days: "Daily" }] });
  const finishedAt = Date.parse(job.finished_at);

  // a message to a driver added on the Drivers page
  await page.goto(`/a/${account.key}/drivers`);
  const addDriver = page.getByRole("dialog", { name: "Add driver" });
  await openDialog(page.getByRole("button", { name: "Add driver" }).first(), addDriver);
  await addDriver.getByLabel("Name").fill("Dana Zone");
  await addDriver.getByRole("button", { name: "Add driver" }).click();
  await expect(page.getByRole("cell", { name: "Dana Zone" }).first()).toBeVisible();
  const listed = await page.request.get(`/api/trpc/drivers.list?input=${encodeURIComponent(JSON.stringify({ json: { accountKey: account.key } }))}`);
  const driverId = ((await listed.json()).result.data.json.data as { id: number; name: string }[]).find((driver) => driver.name === "Dana Zone")!.id;
  const [message] = (await api.post("messages", { driver_id: driverId, body: "Which zone is this?" })) as { created_at: string }[];
  const sentAt = Date.parse(message!.created_at);

  const shown: Shown[] = [
    { what: "the alert", path: `/a/${account.key}/alerts`, within: (p) => p.getByTestId("alert-row").first(), instants: [Date.parse(alert!.fired_at)] },
    { what: "the trip", path: `/a/${account.key}/assets/${van.id}`, within: (p) => p.getByRole("table").filter({ hasText: "Max speed" }), instants: [start] },
    { what: "the fill-up", path: `/a/${account.key}/assets/${van.id}/fuel`, within: (p) => p.getByTestId("fuel-entries"), instants: [filledAt] },
    { what: "the import job", path: `/a/${account.key}/imports`, within: (p) => p.getByRole("row").filter({ hasText: "routes" }).first(), instants: [finishedAt, finishedAt - MINUTE] },
    {
      what: "the message",
      path: `/a/${account.key}/messages?driver=${driverId}`,
      within: (p) => p.getByTestId("dispatch-message").first(),
      instants: [sentAt],
      seconds: true,
    },
  ];

  await expectTimesIn(page, shown, VILNIUS, [NEW_YORK]);

  // the member's own zone, chosen in their profile, wins over the account's
  await page.goto(`/a/${account.key}/profile`);
  const settings = page.getByRole("form", { name: "Notifications" });
  await settings.getByLabel("Time zone").selectOption(TOKYO);
  await settings.getByRole("button", { name: "Save notification settings" }).click();
  await expect(settings.getByRole("status").filter({ hasText: "Notification settings saved." })).toBeVisible();

  await expectTimesIn(page, shown, TOKYO, [NEW_YORK, VILNIUS]);
  // the asset page asks for the vehicle's control provisioning, which a van without a control adapter answers with a
  // 400 the browser logs; every other error counts
  expect(errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
});
