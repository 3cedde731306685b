// The run webhooks, received by a real HTTP receiver that checks every signature the way docs/webhooks.md tells
// integrators to (server/testing/webhook-receiver.ts), on both databases:
// - a device drives a route over TCP (real Codec 8E frames) through the real server: every event of the run arrives,
//   signed, once, with the hub message's id, received in the order it happened;
// - a run cancelled while its vehicle sends nothing announces run_cancelled at once, once, and neither a second
//   cancellation, a runs import nor the vehicle's next fix announces it again; restored, it continues where it was;
// - a run left in progress by a node that is gone is finished by the sweep any node runs, once, with two sweepers racing.
import { describe, expect, it } from "vitest";
import { database, db } from "../../db/client";
import { parseEnv, setEnv, env as currentEnv } from "../../env";
import { createMemoryHub } from "../../hub";
import { log } from "../../log";
import { startFleetline, type RunningServer } from "../../server";
import { freePort } from "../../testing/free-port";
import { pollUntil } from "../../testing/poll-until";
import { serverStore } from "../../testing/server-store";
import { TestDevice, testRecord } from "../../testing/teltonika-test-device";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../../testing/webhook-receiver";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { importRows } from "../imports/import-rows";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import { cancelRun } from "../runs/cancel-run";
import { restoreRun } from "../runs/restore-run";
import { createRun } from "../runs/create-run";
import { formatClockMinutes, formatLocalDate, zonedParts } from "../time/zoned-time";
import { createWebhook } from "../webhooks/create-webhook";
import { startWebhookDispatcher } from "../webhooks/webhook-dispatcher";
import { RUN_WEBHOOK_EVENTS, setWebhookAnnouncer } from "../webhooks/webhook-events";
import { finishAbandonedRuns } from "./finish-abandoned-runs";
import { initialState } from "./run-progress";
import type { RunProgressMessage } from "./run-progress-message";
import { RunProgressTracker } from "./run-progress-tracker";

const ORIGIN = { latitude: 54.68, longitude: 25.27 };
/** `east` metres east of the origin */
function at(east: number) {
  return { latitude: ORIGIN.latitude, longitude: ORIGIN.longitude + east / (111_195 * Math.cos((ORIGIN.latitude * Math.PI) / 180)) };
}

const runEvents = (receiver: WebhookReceiver) => receiver.received.filter((d) => (RUN_WEBHOOK_EVENTS as readonly string[]).includes(d.event ?? ""));
const bySequence = (deliveries: ReceivedWebhook[]) => [...deliveries].sort((a, b) => a.body!.data.sequence - b.body!.data.sequence);

async function subscribe(accountId: number, receiver: WebhookReceiver) {
  const admin = await db().user.create({ data: { email: `${Math.random()}@example.test`, name: "Admin", passwordHash: null, memberships: { create: { accountId, role: "admin" } } } });
  const hook = await createWebhook({ accountId, userId: admin.id, body: { url: receiver.url, events: [...RUN_WEBHOOK_EVENTS] } });
  receiver.setSecret(hook.secret);
  return { hook, admin };
}

describe.each(databaseKinds())("run webhooks from devices over TCP on %s", (kind) => {
  it("delivers every event of a run driven over TCP, signed, once each, in order", async () => {
    const port = await freePort();
    const base = { NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(port), LOG_LEVEL: "silent", FLEET_DEMO: "0", WEBHOOK_ALLOW_PRIVATE: "1" };
    const store = await serverStore(kind, "run-webhooks");
    const previousEnv = currentEnv();
    const env = setEnv(parseEnv({ ...base, ...store.settings }));
    const receiver = await startWebhookReceiver();
    let running: RunningServer | undefined;
    let device: TestDevice | undefined;
    const heard: RunProgressMessage[] = [];
    try {
      running = await startFleetline(env, { next: false });
      running.hub.subscribe("run.progress", (message) => heard.push(message));
      const account = await createAccount({ name: "School runs" });
      const imei = testImei();
      const bus = await createAsset({ accountId: account.id, name: "Bus A", imei });
      await subscribe(account.id, receiver);

      // fixes from 20 minutes ago, 30 s apart; the run starts 5 minutes after the first (UTC is the account's zone)
      const t0 = Math.floor((Date.now() - 20 * 60_000) / 60_000) * 60_000;
      const local = zonedParts(t0, "UTC");
      const startMinute = local.hour * 60 + local.minute + 5;
      const route = await createRoute({ accountId: account.id, routeNumber: "R7", name: "Hill School AM" });
      const stops: { id: number }[] = [];
      for (const [index, east] of [0, 1000, 2000, 3000].entries()) {
        stops.push(await addRouteStop({ accountId: account.id, routeId: route.id, name: `Stop ${index + 1}`, latitude: at(east).latitude, longitude: at(east).longitude }));
      }
      const date = formatLocalDate(local);
      const run = await createRun({ accountId: account.id, routeId: route.id, date, startTime: formatClockMinutes(startMinute), endTime: formatClockMinutes(startMinute + 60), assetId: bus.id });
      const fix = (seconds: number, east: number, speed: number) => testRecord(t0 + seconds * 1000, { ...at(east), speed, angle: 90 });

      // waits at stop 1, leaves, drives through stop 2 without stopping, stops at 3, leaves, stops at the last one
      device = await TestDevice.connect(port, imei);
      const drive: [number, number, number][] = [
        [0, 0, 0], [30, 0, 0], [60, 125, 30], [90, 375, 30], [120, 625, 30], [150, 875, 30], [180, 1125, 30], [210, 1375, 30],
        [240, 1625, 30], [270, 1875, 30], [300, 2000, 0], [330, 2000, 0], [360, 2250, 30], [390, 2500, 30], [420, 2750, 30], [450, 3000, 0],
      ];
      for (const [s, east, speed] of drive) expect(await device.send([fix(s, east, speed)])).toBe(1);

      const expected: [string, number | null][] = [
        ["stop_arrived", 1],
        ["run_started", null],
        ["stop_departed", 1],
        ["stop_skipped", 2],
        ["stop_arrived", 3],
        ["stop_departed", 3],
        ["stop_arrived", 4],
        ["run_finished", null],
      ];
      await pollUntil("every run event delivered", () => (runEvents(receiver).length >= expected.length ? true : undefined), 20_000);
      const hook = await db().webhook.findFirstOrThrow({ where: { accountId: account.id }, select: { id: true } });
      await pollUntil("every attempt logged", async () => ((await db().webhookDelivery.count({ where: { webhookId: hook.id } })) >= expected.length ? true : undefined), 20_000);

      const delivered = runEvents(receiver);
      expect(delivered.every((d) => d.verified)).toBe(true);
      expect(delivered).toHaveLength(expected.length); // once each
      const ordered = bySequence(delivered);
      expect(delivered.map((d) => d.body!.id)).toEqual(ordered.map((d) => d.body!.id)); // received in that order
      expect(ordered.map((d) => [d.event, d.body!.event, d.body!.id, d.body!.data.sequence, d.body!.data.stop?.sequence ?? null])).toEqual(
        expected.map(([type, stop], index) => [type, type, `${route.id}:${date}:${index + 1}`, index + 1, stop]),
      );
      // the same events, ids and times as the hub carried; created_at is when it happened, so never decreasing
      expect(ordered.map((d) => [d.body!.id, d.body!.created_at])).toEqual(heard.map((m) => [m.id, new Date(m.occurredAt).toISOString()]));
      const times = ordered.map((d) => Date.parse(d.body!.created_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect((await db().webhookDelivery.findMany({ where: { webhookId: hook.id } })).every((row) => row.responseCode === 200)).toBe(true);

      expect(ordered[0]!.body).toMatchObject({
        event: "stop_arrived",
        account_key: account.key,
        created_at: new Date(t0).toISOString(),
        data: {
          sequence: 1,
          run: { id: run.id, route_id: route.id, route_number: "R7", route_name: "Hill School AM", date, status: "scheduled", started_at: null, finished_at: null, reason: null },
          stop: { id: stops[0]!.id, name: "Stop 1", sequence: 1, planned_at: null, arrived_at: new Date(t0).toISOString(), departed_at: null, skipped_at: null, trigger: "low_speed" },
          vehicle: { asset_id: bus.id, name: "Bus A" },
        },
      });
      expect(ordered[1]!.body!.data.run).toMatchObject({ status: "in_progress", reason: "left_first_stop", started_at: new Date(t0 + 48_000).toISOString() });
      expect(ordered[3]!.body!.data.stop).toMatchObject({ id: stops[1]!.id, skipped_at: expect.any(String), arrived_at: null, trigger: null });
      expect(ordered.at(-1)!.body!.data).toMatchObject({ stop: null, run: { status: "finished", reason: "last_stop", finished_at: expect.any(String) } });
    } finally {
      device?.destroy();
      await running?.stop();
      await receiver.close();
      setEnv(previousEnv);
      await store.remove();
    }
  }, 180_000);
});

describe.each(databaseKinds())("run webhooks without fixes on %s", (kind) => {
  useTestDatabase(kind);

  async function withReceiver(work: (receiver: WebhookReceiver, idle: () => Promise<void>) => Promise<void>) {
    const previousEnv = currentEnv();
    setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true });
    const dispatcher = startWebhookDispatcher({ logger: log("webhooks"), allowPrivate: true });
    setWebhookAnnouncer(dispatcher.announce);
    const receiver = await startWebhookReceiver();
    try {
      await work(receiver, () => dispatcher.idle());
    } finally {
      setWebhookAnnouncer(undefined);
      await dispatcher.stop();
      await receiver.close();
      setEnv(previousEnv);
    }
  }

  /** an account with a route of two stops driven by a bus, and today's run from an hour ago to an hour ahead */
  async function schoolDay() {
    const account = await createAccount({ name: `Schools ${Math.random()}` });
    const bus = await createAsset({ accountId: account.id, name: "Bus C" });
    const route = await createRoute({ accountId: account.id, routeNumber: "R9" });
    for (const [index, east] of [0, 1000].entries()) {
      await addRouteStop({ accountId: account.id, routeId: route.id, name: `Stop ${index + 1}`, latitude: at(east).latitude, longitude: at(east).longitude });
    }
    const now = Date.now();
    const local = zonedParts(now, "UTC");
    const minute = local.hour * 60 + local.minute;
    // a window inside today whatever the hour: the end time and its grace are still ahead
    const run = await createRun({
      accountId: account.id,
      routeId: route.id,
      date: formatLocalDate(local),
      startTime: formatClockMinutes(Math.max(0, minute - 60)),
      endTime: formatClockMinutes(Math.min(23 * 60 + 59, minute + 60)),
      assetId: bus.id,
    });
    return { account, bus, route, run };
  }

  it("announces run_cancelled once when a run whose vehicle sends nothing is cancelled, never again, and continues the run once restored", async () => {
    await withReceiver(async (receiver, idle) => {
      const { account, bus, route, run } = await schoolDay();
      const { admin } = await subscribe(account.id, receiver);

      // the node evaluating the bus holds the run in memory: the bus moved in the window, the run started
      const hub = createMemoryHub();
      const published: RunProgressMessage[] = [];
      hub.subscribe("run.progress", (message) => published.push(message));
      const tracker = new RunProgressTracker({ prisma: db(), sql: database().sql, hub, logger: log("run-progress") });
      const fixAt = (east: number, ms: number) => ({ accountId: account.id, assetId: bus.id, dateUpdated: ms, latitude: at(east).latitude, longitude: at(east).longitude, speed: 30, ioData: {} }) as never;
      tracker.onPosition(fixAt(500, Date.now() - 60_000));
      await tracker.drain();
      await pollUntil("run_started published", () => (published.length === 1 ? true : undefined));

      // cancelled on another node (this call), while the bus sends nothing
      await cancelRun({ accountId: account.id, runId: run.id });
      const got = await receiver.next((d) => d.event === "run_cancelled");
      expect(got.verified).toBe(true);
      expect(got.body).toMatchObject({
        id: `${route.id}:${run.date}:2`,
        event: "run_cancelled",
        data: { sequence: 2, run: { id: run.id, route_number: "R9", status: "cancelled", finished_at: got.body!.created_at }, stop: null, vehicle: { asset_id: bus.id, name: "Bus C" } },
      });
      const stored = await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: run.date } } });
      expect(stored).toMatchObject({ status: "cancelled", eventCount: 2 });

      // cancelled again, by hand and by a runs import, and the vehicle's next fix: nothing more
      await cancelRun({ accountId: account.id, runId: run.id });
      const imported = await importRows({ accountId: account.id, userId: admin.id, source: "api", body: { target: "runs", rows: [{ route_number: "R9", date: run.date, start_time: run.start_time, end_time: run.end_time, vehicle: "Bus C", status: "cancelled" }] } });
      expect(imported).toMatchObject({ status: 200 });
      // the tracker hears runs.changed, and the bus's next fix finds the run cancelled: its own run_cancelled loses the
      // write (the event count moved on) and is never announced
      tracker.invalidate(account.id);
      tracker.onPosition(fixAt(750, Date.now()));
      await tracker.drain();
      await idle();
      expect(published.map((m) => [m.id, m.type])).toEqual([[`${route.id}:${run.date}:1`, "run_started"]]);
      expect(runEvents(receiver).map((d) => [d.body!.id, d.event])).toEqual([
        [`${route.id}:${run.date}:1`, "run_started"],
        [`${route.id}:${run.date}:2`, "run_cancelled"],
      ]);
      expect(await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: run.date } } })).toMatchObject({ status: "cancelled", eventCount: 2 });

      // restored: followed again from where it was, and the tracker holding the cancelled copy reads it again
      await restoreRun({ accountId: account.id, runId: run.id });
      expect(await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: run.date } } })).toMatchObject({ status: "in_progress", eventCount: 2, finishedAt: null });
      tracker.invalidate(account.id);
      tracker.onPosition({ ...(fixAt(1000, Date.now() + 1000) as object), speed: 0 } as never);
      await tracker.drain();
      await idle();
      await pollUntil("the restored run's events published", () => (published.length === 4 ? true : undefined));
      expect(published.map((m) => [m.id, m.type])).toEqual([
        [`${route.id}:${run.date}:1`, "run_started"],
        [`${route.id}:${run.date}:3`, "stop_skipped"],
        [`${route.id}:${run.date}:4`, "stop_arrived"],
        [`${route.id}:${run.date}:5`, "run_finished"],
      ]);
      expect(runEvents(receiver).map((d) => d.body!.data.sequence)).toEqual([1, 2, 3, 4, 5]);
    });
  });

  it("finishes a run left in progress by a node that is gone, once, with two sweepers racing", async () => {
    await withReceiver(async (receiver, idle) => {
      const { account, bus, route, run } = await schoolDay();
      await subscribe(account.id, receiver);
      const now = Date.now();
      const finishBy = now - 10 * 60_000;
      const plan = { stops: [], watchFrom: finishBy - 3 * 3_600_000, finishBy, cancelled: false };
      const state = { ...initialState(plan), status: "in_progress", startedAt: finishBy - 3_600_000, startReason: "moving" };
      await db().runProgress.create({
        data: { accountId: account.id, routeId: route.id, date: run.date, runId: run.id, assetId: bus.id, status: "in_progress", startedAt: new Date(state.startedAt), finishBy: new Date(finishBy), state: state as object, eventCount: 2 },
      });
      // its node wrote it last a quarter of an hour ago, then stopped
      await db().runProgress.updateMany({ where: { routeId: route.id }, data: { updatedAt: new Date(now - 15 * 60_000) } });

      const sweep = () => finishAbandonedRuns({ hub: undefined, logger: log("run-progress"), now });
      const finished = await Promise.all([sweep(), sweep()]);
      expect(finished[0]! + finished[1]!).toBe(1);
      expect(await sweep()).toBe(0);
      await idle();

      const delivered = runEvents(receiver);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.verified).toBe(true);
      expect(delivered[0]!.body).toMatchObject({
        id: `${route.id}:${run.date}:3`,
        event: "run_finished",
        created_at: new Date(finishBy).toISOString(),
        data: { sequence: 3, run: { id: run.id, status: "finished", reason: "end_time", finished_at: new Date(finishBy).toISOString() }, vehicle: { asset_id: bus.id, name: "Bus C" } },
      });
      expect(await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: run.date } } })).toMatchObject({
        status: "finished",
        eventCount: 3,
        finishedAt: new Date(finishBy),
      });
    });
  });
});
