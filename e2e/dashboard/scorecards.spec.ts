// Driver scorecards end to end in the production build (docs/dashboard.md "Driver scorecards"): three drivers, two
// vans whose authorised drivers give them keys, and trips written as the ingest pipeline stores them (the trip row and
// its first fix carrying the iButton key, IO 78), and a stored behaviour event. The page ranks the drivers of this week, shows Ben's arrow up from
// last week, lists the driver who did not drive last, sorts by a header, opens a driver's details, steps back to last
// week, and fits a 390 px phone without the page scrolling sideways. Runs in the desktop and the phone projects.
//
// The account's zone is UTC (the default); this week's trips started two minutes before the test, or just after this
// week's Monday midnight (UTC) when the test runs in its first minutes, so they always fall in this week.
import pg from "pg";
import { expect, test } from "../fixtures";
import { randomImei, signIn } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";

test.describe.configure({ timeout: 180_000 });

const MIN = 60_000;
const WEEK = 7 * 24 * 60 * MIN;

interface Seeded {
  vanA: number;
  vanB: number;
}

/** drivers, their keys on the vans, and closed trips with the key at their first fix */
async function seed(accountId: number, vans: Seeded): Promise<void> {
  const client = new pg.Client({ connectionString: e2eSettings().databaseUrl });
  await client.connect();
  try {
    const driver = async (name: string) =>
      Number((await client.query("INSERT INTO drivers (account_id, name, updated_at) VALUES ($1, $2, now()) RETURNING id", [accountId, name])).rows[0].id);
    const ana = await driver("Ana Top");
    const ben = await driver("Ben Middle");
    const cai = await driver("Cai Idle");
    const key = (assetId: number, keyId: string, driverId: number, position: number) =>
      client.query("INSERT INTO authorised_drivers (account_id, asset_id, key_id, driver_id, position) VALUES ($1, $2, $3, $4, $5)", [
        accountId, assetId, keyId, driverId, position,
      ]);
    await key(vans.vanA, "00000000000000A1", ana, 0);
    await key(vans.vanA, "00000000000000C3", cai, 1);
    await key(vans.vanB, "00000000000000B2", ben, 0);

    const trip = async (assetId: number, startMs: number, km: number, score: number, keyId: string) => {
      const start = new Date(startMs);
      const tracker = (await client.query("SELECT id FROM trackers WHERE asset_id = $1", [assetId])).rows[0].id;
      await client.query(
        `INSERT INTO positions (asset_id, tracker_id, fix_time, received_at, latitude, longitude, altitude, speed, course,
           satellites, priority, event_io_id, ignition, moving, avl_io)
         VALUES ($1, $2, $3, $3, 54.68, 25.28, 100, 40, 0, 9, 0, 0, true, true, $4)`,
        [assetId, tracker, start, JSON.stringify({ 239: 1, 78: keyId })],
      );
      await client.query(
        `INSERT INTO trips (asset_id, started_at, ended_at, start_lat, start_lng, distance_m, score, harsh_events, trail)
         VALUES ($1, $2, $3, 54.68, 25.28, $4, $5, 0, '[]')`,
        [assetId, start, new Date(startMs + MIN), km * 1000, score],
      );
    };
    const now = Date.now();
    const today = new Date(now);
    const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - ((today.getUTCDay() + 6) % 7) * 24 * 60 * MIN;
    const thisWeek = Math.max(now - 2 * MIN, monday + 20_000);
    await trip(vans.vanA, thisWeek, 30, 95, "00000000000000A1"); // Ana: (30×95 + 10×83) / 40 = 92
    await trip(vans.vanA, thisWeek - 10_000, 10, 83, "00000000000000A1");
    await trip(vans.vanB, thisWeek, 12.5, 75, "00000000000000B2"); // Ben: 75
    await trip(vans.vanB, thisWeek - WEEK, 20, 60, "00000000000000B2"); // Ben last week: 60, so ▲ 15
    // one hard braking with Ana's key, as the evaluation service stores the detector's events
    await client.query(
      `INSERT INTO driver_behavior_events (account_id, asset_id, type, at, score, severity, driver_key)
       VALUES ($1, $2, 'harsh_braking', $3, 64, 'low', '00000000000000A1')`,
      [accountId, vans.vanA, new Date(thisWeek + 5_000)],
    );
  } finally {
    await client.end();
  }
}

test("drivers ranked by this week's trip scores, with the trend; the page fits a 390 px phone", { tag: "@phone" }, async ({ page, account, cli }) => {
  const vanA = Number((await cli(["asset", "create", "--account", account.key, "--name", "Van A", "--imei", randomImei()])).id);
  const vanB = Number((await cli(["asset", "create", "--account", account.key, "--name", "Van B", "--imei", randomImei()])).id);
  await seed(account.id, { vanA, vanB });

  await page.goto(`/a/${account.key}/drivers`);
  await signIn(page, account.adminEmail, account.adminPassword);
  await page.getByRole("link", { name: "Scorecards", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Driver scorecards", level: 1 })).toBeVisible();
  await expect(page.getByTestId("scorecard-range")).toContainText("This week");

  const rows = page.getByTestId("scorecard-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("1");
  await expect(rows.nth(0)).toContainText("Ana Top");
  await expect(rows.nth(0)).toContainText("92");
  await expect(rows.nth(1)).toContainText("Ben Middle");
  await expect(rows.nth(1)).toContainText("75");
  await expect(rows.nth(1).getByLabel("Up 15 from the period before")).toBeVisible();
  await expect(rows.nth(2)).toContainText("Cai Idle");
  await expect(rows.nth(2)).toContainText("No driving");

  // the driver column sorts by name, the idle driver stays last
  await page.getByRole("button", { name: "Driver", exact: true }).click();
  await page.getByRole("button", { name: "Driver", exact: true }).click();
  await expect(rows.nth(0)).toContainText("Ben Middle");
  await expect(rows.nth(2)).toContainText("Cai Idle");
  await page.getByRole("button", { name: "Rank", exact: true }).click();
  await expect(rows.nth(0)).toContainText("Ana Top");

  // a driver's details: the week's figures in km, the events by kind and the weeks before
  await page.getByRole("button", { name: "Ben Middle" }).click();
  const details = page.getByTestId("scorecard-details");
  await expect(details).toContainText("12.5 km");
  await expect(details).toContainText("60");
  await page.getByRole("button", { name: "Ana Top" }).click();
  await expect(details).toContainText("40 km");
  await expect(details).toContainText("Harsh braking1 (2.5 per 100 km)");

  // last week: Ben alone
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(page.getByTestId("scorecard-range")).toContainText("Last week");
  await expect(rows.nth(0)).toContainText("Ben Middle");
  await expect(rows.nth(0)).toContainText("60");
  await expect(rows.nth(1)).toContainText("No driving");
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(rows.nth(0)).toContainText("Ana Top");

  // the month holds this week's trips too
  await page.getByRole("button", { name: "Month", exact: true }).click();
  await expect(page.getByTestId("scorecard-range")).toContainText("This month");
  await expect(rows.first()).toContainText(/Ana Top|Ben Middle/);

  // a phone: the table scrolls inside its own box, the page never sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(rows.nth(0)).toContainText("Ana Top");
  await expect(rows.nth(0)).toBeVisible();
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
});
