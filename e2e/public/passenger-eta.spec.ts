// A parent's page counting down to their child's stop, end to end in the production build at 360 px wide: routes,
// a passenger and their stops imported through the import service, the welcome e-mail's link opened on a phone, a
// bus driving the route over TCP, the page saying "Arriving at Oak Street in about N min" with the stops before it,
// counting down as the run's ETA changes, then "Arrived at Oak Street" when the bus stops there (the server's own
// arrival detection, from the fixes).
//
// The page first shows the ETA model's own estimate for the first fix (run.eta, published by the server after each
// fix). Its minutes depend on the model's constants (docs/run-progress.md, "ETA"), so the countdown that follows is
// driven by estimates this test publishes on the server's Redis hub in the model's message shape
// (server/modules/run-progress/run-eta-message.ts), each stamped a second after its fix: the newest estimate wins, so
// the page must show exactly these figures. The model itself is measured by run-eta-accuracy.test.ts.
import pg from "pg";
import { createRedisHub, type Hub } from "../../server/hub";
import type { RunEtaMessage } from "../../server/modules/run-progress/run-eta-message";
import { waitForOutboxMessage } from "../../server/testing/mail-capture";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { expect, test } from "../fixtures";
import { randomImei } from "../support/dashboard";
import { e2eSettings } from "../support/e2e-state";
import { integrator } from "../support/integrator";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { freePort } from "../support/server-process";
import { drivingFix, TeltonikaDevice } from "../support/teltonika-device";

test.describe.configure({ timeout: 240_000 });

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const STOPS = [
  { name: "Depot Road", lat: 54.7, lng: 25.28 },
  { name: "Elm Close", lat: 54.71, lng: 25.28 },
  { name: "Oak Street", lat: 54.72, lng: 25.28 },
  { name: "Hill School", lat: 54.73, lng: 25.28 },
];

async function routeStops(routeId: number): Promise<Array<{ id: number; sequence: number; name: string }>> {
  const client = new pg.Client({ connectionString: e2eSettings().databaseUrl });
  await client.connect();
  try {
    return (await client.query("SELECT id, sequence, name FROM route_stops WHERE route_id = $1 ORDER BY sequence", [routeId])).rows;
  } finally {
    await client.end();
  }
}

test.describe("a passenger's page at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  // a server of its own on the Redis hub, so that this test can publish on it; its own Teltonika port for the bus
  let server: OwnServer;
  let teltonikaPort: number;
  let hub: Hub;
  test.beforeAll(async ({}, testInfo) => {
    teltonikaPort = await freePort();
    server = await startOwnServer({ env: { REDIS_URL, TELTONIKA_PORT: String(teltonikaPort) }, logFile: testInfo.outputPath("eta-server.log") });
    hub = await createRedisHub(REDIS_URL);
  });
  test.afterAll(async () => {
    await hub?.close();
    await server?.stop();
  });

  test("counts down to the passenger's stop as the run's ETA changes, then says the bus has arrived", { tag: "@phone-only" }, async ({ page, account, cli, request }, testInfo) => {
    const imei = randomImei();
    const asset = await cli(["asset", "create", "--account", account.key, "--name", "Bus 3", "--plate", "BUS-3", "--imei", imei]);
    const api = await integrator(cli, account, request);
    // runs every day, all day (no times: the passenger's link is open whenever the test runs); new accounts are on UTC
    const { created_ids: [routeId] } = await api.rows("routes", [{ route_number: "H1", route_name: "Hill School AM", vehicle: "BUS-3", days: "Daily", stops: STOPS }]);
    const parent = `eta-${Date.now()}@example.test`;
    const { created_ids: passengers } = await api.rows("passengers", [
      { route_number: "H1", passenger_name: "Ada", contact_email: parent, pickup_stop: "Oak Street", dropoff_stop: "Hill School" },
    ]);
    await api.sendWelcome(passengers);
    const mail = await waitForOutboxMessage(e2eSettings().dataDir, { to: parent });
    const path = new URL(/https?:\/\/\S+\/t\/[0-9a-f-]{36}/.exec(mail.text)![0]).pathname;
    const stops = await routeStops(routeId!);
    const date = new Date().toISOString().slice(0, 10);

    const bus = await TeltonikaDevice.connect(teltonikaPort, encodeLogin(imei));
    const drive = async (record: RecordToEncode) => expect(await bus.send(encodeTcpPacket8E([record]))).toBe(1);
    /** what the ETA model publishes after a fix: `ahead` are [stop name, minutes after the fix, metres left] */
    const publishEta = (fixAt: number, ahead: Array<[string, number, number]>) => {
      const at = fixAt + 1_000; // newer than the model's own estimate for this fix (see the top)
      const message: RunEtaMessage = {
        version: 1,
        accountId: Number(account.id),
        routeId: routeId!,
        date,
        runId: null,
        vehicle: { assetId: Number(asset.id) },
        at,
        stops: ahead.map(([name, minutes, metres]) => {
          const stop = stops.find((candidate) => candidate.name === name)!;
          return { stopId: stop.id, sequence: stop.sequence, name, etaAt: at + minutes * 60_000, uncertaintyS: 90, distanceM: metres };
        }),
      };
      return hub.publish("run.eta", message);
    };

    try {
      const t0 = Date.now() - 150_000;
      // leaving the depot at 40 km/h: the run starts (it moves inside its window)
      await drive(drivingFix(54.69, 25.28, 40, 0, { at: t0 }));

      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole("heading", { name: "Hill School AM", level: 1 })).toBeVisible();
      const stop = page.getByTestId("passenger-stop");
      // the server's own estimate, from its ETA model, before any the test publishes
      await expect(stop.getByTestId("passenger-stop-title")).toHaveText(/^Arriving at Oak Street in about \d+ min$/);
      await expect(stop.getByTestId("passenger-stop-detail")).toHaveText(/^2 stops before yours · [\d.]+ k?m away$/);

      await publishEta(t0, [["Depot Road", 2, 1_100], ["Elm Close", 5, 2_200], ["Oak Street", 9, 3_300], ["Hill School", 13, 4_400]]);
      await expect(stop.getByTestId("passenger-stop-title")).toHaveText("Arriving at Oak Street in about 9 min");
      await expect(stop.getByTestId("passenger-stop-detail")).toHaveText("2 stops before yours · 3.3 km away");

      // on along the route, past Depot Road and Elm Close without stopping: the estimate drops, the page follows
      const t1 = t0 + 60_000;
      await drive(drivingFix(54.705, 25.28, 40, 0, { at: t1 }));
      await publishEta(t1, [["Elm Close", 1, 600], ["Oak Street", 5, 1_700], ["Hill School", 9, 2_800]]);
      await expect(stop.getByTestId("passenger-stop-title")).toHaveText("Arriving at Oak Street in about 5 min");
      await expect(stop.getByTestId("passenger-stop-detail")).toHaveText("1 stop before yours · 1.7 km away");

      const t2 = t1 + 60_000;
      await drive(drivingFix(54.715, 25.28, 35, 0, { at: t2 }));
      await publishEta(t2, [["Oak Street", 2, 560], ["Hill School", 6, 1_670]]);
      await expect(stop.getByTestId("passenger-stop-title")).toHaveText("Arriving at Oak Street in about 2 min");
      await expect(stop.getByTestId("passenger-stop-detail")).toHaveText("Your stop is next · 600 m away");

      // it fits the phone: no sideways scrolling, the countdown in view
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expect(stop).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath("passenger-eta-360.png") });

      // the bus stops at Oak Street: the server's own arrival detection says so (run.progress), no ETA needed
      await drive(drivingFix(54.72, 25.28, 3, 0, { at: t2 + 30_000 }));
      await expect(stop.getByTestId("passenger-stop-title")).toHaveText("Arrived at Oak Street");
      await expect(stop).toHaveAttribute("data-status", "arrived");
      await expect(stop.getByTestId("passenger-stop-detail")).toHaveText("The vehicle has reached your stop.");
    } finally {
      bus.close();
    }
  });
});
