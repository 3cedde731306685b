// Public tracking on two server processes sharing one PostgreSQL and one Redis (server/testing/test-node.ts): a
// viewer authorised by node A and connected to node B sees the positions of a device connected to node A, and is
// disconnected (link.expired, reason disabled, close 4004) when an administrator disables the link with the admin CLI,
// which announces the change on the cluster's hub. The per-address limits (verify, WebSocket connections) are counted
// over both nodes in Redis.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Pusher from "pusher-js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setDatabase } from "../db/client";
import { makeAccount, makeAsset } from "../testing/http-fixtures";
import { createRedisHub, setHub } from "../hub";
import { createTrackingLink } from "../modules/tracking-links/create-tracking-link";
import { updateTrackingLink } from "../modules/tracking-links/update-tracking-link";
import { authSecret } from "../security/auth-secret";
import { PUBLIC_TRACKING_APP_KEY } from "../modules/tracking-links/public-channel";
import { freePort } from "../testing/free-port";
import { startNode, stopNode, type NodeProcess } from "../testing/node-process";
import { trackingDevice, waitUntil } from "../testing/public-tracking-harness";
import { TEST_REDIS_URL } from "../testing/services";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { TrackingCloseCode } from "./pusher/close-codes";
import { testImei } from "../testing/test-imei";
import { fleetProgram } from "../testing/fleet-cli";

const redisUp = inject("redis");
/** an address of the documentation range, new for each call */
const randomAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
const postgresUp = inject("postgres");

/** a pusher-js viewer whose channel is authorised by one node and whose WebSocket goes to another */
function viewerAcross(authNode: string, socketNode: string, uuid: string, token: string) {
  const { hostname, port } = new URL(socketNode);
  const pusher = new Pusher(PUBLIC_TRACKING_APP_KEY, {
    wsHost: hostname,
    wsPort: Number(port),
    forceTLS: false,
    enabledTransports: ["ws"],
    cluster: "",
    disableStats: true,
    channelAuthorization: { endpoint: `${authNode}/broadcasting/auth`, transport: "ajax", headers: { "X-Session-Token": token } },
  });
  const channel = pusher.subscribe(`private-tracking.${uuid}`);
  const events: Array<{ event: string; data: any }> = [];
  const codes: number[] = [];
  channel.bind_global((event: string, data: unknown) => events.push({ event, data }));
  pusher.connection.bind("error", (error: { data?: { code?: number } }) => {
    if (error?.data?.code) codes.push(error.data.code);
  });
  return { pusher, channel, events, codes };
}

describe.skipIf(!redisUp || !postgresUp)(
  `public tracking on two server processes${redisUp && postgresUp ? "" : ": skipped, PostgreSQL or Redis not reachable"}`,
  () => {
    let database: TestDatabase;
    const nodes: NodeProcess[] = [];
    const dirs: string[] = [];
    // TRUST_PROXY: each test speaks from addresses of its own (X-Forwarded-For), so counters kept in Redis by an
    // earlier run never meet this one
    const shared = () => ({ DATABASE_URL: database.url!, REDIS_URL: TEST_REDIS_URL, AUTH_SECRET: authSecret(), TRUST_PROXY: "1" });

    beforeAll(async () => {
      database = await createTestDatabase("postgres");
      setDatabase(database.database);
      for (let i = 0; i < 2; i++) {
        const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-node-"));
        dirs.push(dataDir);
        nodes.push(await startNode({ ...shared(), DATA_DIR: dataDir, GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(await freePort()) }));
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => stopNode(node)));
      setDatabase(undefined);
      await database?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it("counts the per-address limits over both nodes: verify (30 a minute) and WebSocket connections (100)", async () => {
      const [a, b] = nodes as [NodeProcess, NodeProcess];
      const account = await makeAccount("Limits");
      const { id: assetId } = await makeAsset(account.id, "Bus 13");
      const link = await createTrackingLink({ accountId: account.id, assetId });
      const ip = randomAddress();
      const verify = (node: NodeProcess) =>
        fetch(`${node.url}/api/public/tracking/${link.uuid}/verify`, { method: "POST", headers: { "x-forwarded-for": ip } });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await verify(i % 2 === 0 ? a : b)).status);
      expect(new Set(statuses)).toEqual(new Set([200]));
      for (const node of [a, b]) {
        const refused = await verify(node);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }

      const socketsFrom = randomAddress();
      const open = (node: NodeProcess) => {
        const ws = new WebSocket(`${node.url.replace("http", "ws")}/app/public-tracking?protocol=7`, { headers: { "x-forwarded-for": socketsFrom } });
        const first = new Promise<{ event: string; data: unknown }>((resolve) => ws.once("message", (raw) => resolve(JSON.parse(raw.toString()))));
        return { ws, first };
      };
      const sockets = Array.from({ length: 100 }, (_, i) => open(i % 2 === 0 ? a : b));
      try {
        for (const socket of sockets) expect((await socket.first).event).toBe("pusher:connection_established");
        for (const node of [a, b]) {
          const extra = open(node);
          sockets.push(extra);
          expect(await extra.first).toEqual({ event: "pusher:error", data: { code: 4100, message: "Over capacity: too many connections from this address." } });
        }
      } finally {
        for (const socket of sockets) socket.ws.close();
      }
    }, 120_000);

    it("closes a session's viewers on both nodes with 4001 at once when the link is tightened elsewhere", async () => {
      const [a, b] = nodes as [NodeProcess, NodeProcess];
      const account = await makeAccount("Tightened");
      const { id: assetId } = await makeAsset(account.id, "Bus 14");
      const link = await createTrackingLink({ accountId: account.id, assetId, accessMode: "email" });
      const verified = await fetch(`${a.url}/api/public/tracking/${link.uuid}/verify`, {
        method: "POST",
        headers: { "x-forwarded-for": randomAddress(), "content-type": "application/json" },
        body: JSON.stringify({ email: "parent@example.test" }),
      });
      const { session } = (await verified.json()) as { session: { token: string } };
      const onA = viewerAcross(a.url, a.url, link.uuid, session.token);
      const onB = viewerAcross(a.url, b.url, link.uuid, session.token);
      // the change is made where the dashboard runs: a third process announcing on the cluster's hub
      const dashboardHub = await createRedisHub(TEST_REDIS_URL);
      setHub(dashboardHub);
      try {
        await waitUntil("both subscriptions", () => (onA.channel.subscribed && onB.channel.subscribed ? true : undefined));
        await updateTrackingLink({ accountId: account.id, linkId: link.id, accessMode: "authorized_only", allowedEmails: ["parent@example.test"] });
        for (const viewer of [onA, onB]) {
          expect(await waitUntil("the close code", () => viewer.codes.find((code) => code >= 4000))).toBe(TrackingCloseCode.INVALID_SESSION_TOKEN);
        }
        const location = await fetch(`${b.url}/api/public/tracking/${link.uuid}/location`, {
          headers: { "x-forwarded-for": randomAddress(), "x-session-token": session.token },
        });
        expect(location.status).toBe(401);
      } catch (error) {
        throw new Error(`${(error as Error).message}\nnode A:\n${a.output()}\nnode B:\n${b.output()}`);
      } finally {
        onA.pusher.disconnect();
        onB.pusher.disconnect();
        setHub(undefined);
        await dashboardHub.close();
      }
    }, 120_000);

    it("carries a device's positions from node A to a viewer on node B, and disconnects it when the link is disabled", async () => {
      const [a, b] = nodes as [NodeProcess, NodeProcess];
      const account = await makeAccount("Two nodes");
      const imei = testImei();
      const { id: assetId } = await makeAsset(account.id, "Bus 12", imei);
      const link = await createTrackingLink({ accountId: account.id, assetId });

      const verified = await fetch(`${a.url}/api/public/tracking/${link.uuid}/verify`, { method: "POST", headers: { "x-forwarded-for": randomAddress() } });
      expect(verified.status).toBe(200);
      const { session } = (await verified.json()) as { session: { token: string } };
      const onB = viewerAcross(a.url, b.url, link.uuid, session.token);
      const onA = viewerAcross(a.url, a.url, link.uuid, session.token);
      try {
        await waitUntil("both subscriptions", () => (onA.channel.subscribed && onB.channel.subscribed ? true : undefined));
        const device = await trackingDevice(a.teltonikaPort, imei);
        await device.send({ timestamp: Date.now() - 5_000, latitude: 54.69, longitude: 25.28, speed: 44 });
        device.close();
        for (const viewer of [onA, onB]) {
          const moved = await waitUntil("the location on both nodes", () => viewer.events.find((e) => e.event === "location.updated")?.data);
          expect(moved.location).toMatchObject({ latitude: 54.69, longitude: 25.28, speed_kmh: 44 });
        }

        const disabled = await new Promise<{ code: number; stdout: string }>((resolve) => {
          const [program, ...programArgs] = fleetProgram(); // the CLI's bundle, or tsx without a fresh one
          execFile(
            program!,
            [...programArgs, "link", "disable", "--uuid", link.uuid],
            { env: { ...process.env, ...shared(), LOG_LEVEL: "warn" }, timeout: 90_000 },
            (error, stdout) => resolve({ code: error ? 1 : 0, stdout }),
          );
        });
        expect(disabled).toEqual({ code: 0, stdout: `${JSON.stringify({ uuid: link.uuid, is_active: false })}\n` });
        for (const viewer of [onA, onB]) {
          expect(await waitUntil("link.expired", () => viewer.events.find((e) => e.event === "link.expired")?.data)).toEqual({ reason: "disabled" });
          expect(await waitUntil("the close code", () => viewer.codes.find((code) => code >= 4000))).toBe(TrackingCloseCode.LINK_EXPIRED_OR_INACTIVE);
        }
      } catch (error) {
        throw new Error(`${(error as Error).message}\nnode A:\n${a.output()}\nnode B:\n${b.output()}`);
      } finally {
        onA.pusher.disconnect();
        onB.pusher.disconnect();
      }
      expect(await stopNode(a)).toBe(0);
      expect(await stopNode(b)).toBe(0);
      // neither node logs a session token
      for (const node of [a, b]) expect(node.output()).not.toContain(session.token);
    }, 120_000);
  },
);
