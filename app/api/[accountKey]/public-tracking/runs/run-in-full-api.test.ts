// GET /api/{account_key}/public-tracking/runs/{id} over HTTP on the real server, on every database kind: a run in
// progress with the ETAs stored with its state (also in the route's occurrences), a finished one (no ETAs), one not
// driven yet (every stop pending with its planned time) and a cancelled one; every status code, another account's run
// answering 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { makeAccount, makeApiKey } from "@/server/testing/http-fixtures";
import { createAsset } from "@/server/modules/assets/create-asset";
import { addRouteStop } from "@/server/modules/routes/add-route-stop";
import { createRoute } from "@/server/modules/routes/create-route";
import { cancelRun } from "@/server/modules/runs/cancel-run";
import { createRun } from "@/server/modules/runs/create-run";
import { startTrackingServer, type TrackingServer } from "@/server/testing/public-tracking-harness";
import { createScratchDatabase, type ScratchDatabase } from "@/server/testing/scratch-postgres";
import { databaseKinds } from "@/server/testing/test-database";

const TIME_ZONE = "Europe/Vilnius"; // UTC+3 in September
/** 2030-09-04 at hh:mm:ss in Vilnius, epoch ms */
const vilnius = (clock: string) => Date.parse(`2030-09-04T${clock}+03:00`);

describe.each(databaseKinds())("a run in full over HTTP on %s", (kind) => {
  let server: TrackingServer;
  let scratch: ScratchDatabase | null = null;
  beforeAll(async () => {
    scratch = kind === "postgres" ? await createScratchDatabase() : null;
    server = await startTrackingServer({ ...(scratch && { DATABASE_URL: scratch.url }) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  async function get(path: string, key?: string, method = "GET") {
    const headers: Record<string, string> = { accept: "application/json" };
    if (key) headers.authorization = `Bearer ${key}`;
    const response = await fetch(`${server.url}${path}`, { method, headers });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }

  /** an account in Vilnius with a bus, an office key, a route of three stops and runs on 4, 5 and 6 September 2030 */
  async function school() {
    const account = await makeAccount("Hill School");
    await db().account.update({ where: { id: account.id }, data: { timeZone: TIME_ZONE } });
    const key = await makeApiKey(account.id, "office_staff");
    const bus = await createAsset({ accountId: account.id, name: "Bus 1", plate: "HIL-001" });
    const route = await createRoute({ accountId: account.id, routeNumber: "R7", name: "Hill School AM", assetId: bus.id, startTime: "07:30", endTime: "08:15" });
    const stops = [];
    for (const [index, time] of ["07:30", "07:40", "07:55"].entries()) {
      stops.push(await addRouteStop({ accountId: account.id, routeId: route.id, name: `Stop ${index + 1}`, latitude: 54.68, longitude: 25.27 + index / 100, time }));
    }
    const runs = [];
    for (const date of ["2030-09-04", "2030-09-05", "2030-09-06"]) runs.push(await createRun({ accountId: account.id, routeId: route.id, date }));
    return { account, key, bus, route, stops, runs };
  }

  it("gives a run in progress in full: the route, the plan, and per stop its planned time, state, ETA and actual times", async () => {
    const { account, key, bus, route, stops, runs } = await school();
    const [first, second, third] = stops.map((s) => ({ id: s.id })) as [{ id: number }, { id: number }, { id: number }];
    await db().runProgress.create({
      data: {
        accountId: account.id,
        routeId: route.id,
        date: "2030-09-04",
        runId: runs[0]!.id,
        assetId: bus.id,
        status: "in_progress",
        startedAt: new Date(vilnius("07:31:10")),
        state: {
          status: "in_progress",
          stops: [
            { stopId: first.id, status: "departed", arrivedAt: vilnius("07:20:05"), departedAt: vilnius("07:31:10"), skippedAt: null },
            { stopId: second.id, status: "pending", arrivedAt: null, departedAt: null, skippedAt: null },
            { stopId: third.id, status: "pending", arrivedAt: null, departedAt: null, skippedAt: null },
          ],
        },
        eta: {
          at: vilnius("07:35:00"),
          stops: [
            { stopId: second.id, sequence: 2, name: "Stop 2", etaAt: vilnius("07:41:30"), uncertaintyS: 45, distanceM: 1800 },
            { stopId: third.id, sequence: 3, name: "Stop 3", etaAt: vilnius("07:57:02"), uncertaintyS: 120, distanceM: 6400 },
          ],
        },
      },
    });

    const answer = await get(`/api/${account.key}/public-tracking/runs/${runs[0]!.id}`, key.apiKey);
    expect(answer.status).toBe(200);
    const stop = (id: number, sequence: number, planned: string, rest: Record<string, unknown>) => ({
      id,
      sequence,
      name: `Stop ${sequence}`,
      planned_time: planned,
      arrived_at: null,
      departed_at: null,
      skipped_at: null,
      eta: null,
      eta_uncertainty_s: null,
      ...rest,
    });
    expect(answer.body).toEqual({
      data: {
        id: runs[0]!.id,
        route: { id: route.id, route_number: "R7", name: "Hill School AM" },
        date: "2030-09-04",
        status: "scheduled",
        start_time: "07:30",
        end_time: "08:15",
        vehicle: { id: bus.id, name: "Bus 1", plate: "HIL-001" },
        driver: null,
        notice: null,
        progress: {
          status: "in_progress",
          started_at: "2030-09-04T07:31:10+03:00",
          finished_at: null,
          stops: [
            stop(first.id, 1, "07:30", { status: "departed", arrived_at: "2030-09-04T07:20:05+03:00", departed_at: "2030-09-04T07:31:10+03:00" }),
            stop(second.id, 2, "07:40", { status: "pending", eta: "2030-09-04T07:41:30+03:00", eta_uncertainty_s: 45 }),
            stop(third.id, 3, "07:55", { status: "pending", eta: "2030-09-04T07:57:02+03:00", eta_uncertainty_s: 120 }),
          ],
        },
        time_zone: TIME_ZONE,
      },
    });

    // the route's occurrences show the same day with the same ETAs
    const listed = await get(`/api/${account.key}/public-tracking/routes/${route.id}/occurrences?from=2030-09-04&to=2030-09-04`, key.apiKey);
    expect(listed.status).toBe(200);
    expect(listed.body!.data[0].progress).toEqual(answer.body!.data.progress);

    // once the stop is reached its ETA is gone, and a finished run has none at all
    await db().runProgress.update({
      where: { routeId_date: { routeId: route.id, date: "2030-09-04" } },
      data: {
        state: {
          status: "in_progress",
          stops: [
            { stopId: first.id, status: "departed", arrivedAt: vilnius("07:20:05"), departedAt: vilnius("07:31:10"), skippedAt: null },
            { stopId: second.id, status: "arrived", arrivedAt: vilnius("07:41:40"), departedAt: null, skippedAt: null },
            { stopId: third.id, status: "pending", arrivedAt: null, departedAt: null, skippedAt: null },
          ],
        },
      },
    });
    const reached = (await get(`/api/${account.key}/public-tracking/runs/${runs[0]!.id}`, key.apiKey)).body!.data.progress.stops;
    expect(reached.map((s: { eta: string | null }) => s.eta)).toEqual([null, null, "2030-09-04T07:57:02+03:00"]);
    await db().runProgress.update({ where: { routeId_date: { routeId: route.id, date: "2030-09-04" } }, data: { status: "finished", finishedAt: new Date(vilnius("07:58:00")) } });
    const finished = (await get(`/api/${account.key}/public-tracking/runs/${runs[0]!.id}`, key.apiKey)).body!.data.progress;
    expect(finished).toMatchObject({ status: "finished", finished_at: "2030-09-04T07:58:00+03:00" });
    expect(finished.stops.map((s: { eta: string | null; eta_uncertainty_s: number | null }) => [s.eta, s.eta_uncertainty_s])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("gives a run not driven yet with every stop pending, and a cancelled one as cancelled", async () => {
    const { account, key, runs } = await school();
    const waiting = await get(`/api/${account.key}/public-tracking/runs/${runs[1]!.id}`, key.apiKey);
    expect(waiting.status).toBe(200);
    expect(waiting.body!.data).toMatchObject({ date: "2030-09-05", status: "scheduled", progress: { status: "scheduled", started_at: null, finished_at: null } });
    expect(waiting.body!.data.progress.stops.map((s: Record<string, unknown>) => [s.planned_time, s.status, s.eta, s.arrived_at])).toEqual([
      ["07:30", "pending", null, null],
      ["07:40", "pending", null, null],
      ["07:55", "pending", null, null],
    ]);
    await cancelRun({ accountId: account.id, runId: runs[2]!.id });
    const cancelled = await get(`/api/${account.key}/public-tracking/runs/${runs[2]!.id}`, key.apiKey);
    expect(cancelled.body!.data).toMatchObject({ date: "2030-09-06", status: "cancelled", progress: { status: "cancelled" } });
  });

  it("answers 404 for another account's run or no run, 404 for another account's key, 403 for a viewer, 401 without a key", async () => {
    const { account, key, runs } = await school();
    const other = await school();
    const path = (accountKey: string, id: number | string) => `/api/${accountKey}/public-tracking/runs/${id}`;
    expect(await get(path(account.key, other.runs[0]!.id), key.apiKey)).toMatchObject({ status: 404, body: { code: "RUN_NOT_FOUND" } });
    expect(await get(path(account.key, 987654321), key.apiKey)).toMatchObject({ status: 404, body: { code: "RUN_NOT_FOUND" } });
    expect(await get(path(account.key, "abc"), key.apiKey)).toMatchObject({ status: 404, body: { code: "RUN_NOT_FOUND" } });
    expect(await get(path(account.key, runs[0]!.id), other.key.apiKey)).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
    const viewer = await makeApiKey(account.id, "viewer");
    expect((await get(path(account.key, runs[0]!.id), viewer.apiKey)).status).toBe(403);
    expect(await get(path(account.key, runs[0]!.id))).toEqual({ status: 401, body: { message: "Unauthenticated." } });
    expect((await get(path(account.key, runs[0]!.id), key.apiKey, "POST")).status).toBe(405);
  });
});
