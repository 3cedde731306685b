// The /reporting socket with real `ws` clients against a real HTTP server (and once through the whole server):
// authentication by header and by first message, the ready message, one job message per change of the account's
// jobs and none of another account's, job.deleted, ping/pong, bad messages, and every close code (unauthenticated,
// no scope, auth timeout, expired token, revoked client, scope removed while open, shutdown).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createMemoryHub, setHub, type Hub } from "../hub";
import { parseEnv } from "../env";
import { createReportJob } from "../modules/reports/jobs/create-report-job";
import { deleteReportJob } from "../modules/reports/jobs/delete-report-job";
import { revokeOAuthClient } from "../modules/oauth/revoke-oauth-client";
import { updateOAuthClient } from "../modules/oauth/update-oauth-client";
import { startFleetline } from "../server";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { ReportingCloseCode } from "./reporting-close-codes";
import { createReportingSocketServer, REPORTING_LIMITS, REPORTING_PATH, type ReportingSocketServer } from "./reporting-socket";

const logger = pino({ level: "silent" });

class Client {
  readonly messages: Record<string, any>[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private waiters: { match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Record<string, any>;
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    this.closed = new Promise((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    this.opened = new Promise((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
  }

  next(match: (m: Record<string, any>) => boolean): Promise<Record<string, any>> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  send(message: unknown) {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }
}

function connect(port: number, token?: string, pathname = REPORTING_PATH): Client {
  return new Client(new WebSocket(`ws://127.0.0.1:${port}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
}

function request(accountId: number, assetIds: number[]) {
  return { accountId, type: "trips" as const, assetIds, from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-02T00:00:00Z") };
}

describe.each(databaseKinds())("the /reporting socket on %s", (kind) => {
  useTestDatabase(kind);
  let hub: Hub;
  let server: Server;
  let reporting: ReportingSocketServer;
  let port: number;
  let clock: number | null = null;

  beforeAll(async () => {
    hub = createMemoryHub();
    setHub(hub);
    reporting = createReportingSocketServer({ hub, logger, authTimeoutMs: 300, now: () => clock ?? Date.now() });
    server = createServer((_request, response) => response.writeHead(404).end());
    server.on("upgrade", (req, socket, head) => reporting.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await reporting.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    setHub(undefined);
    await hub.close();
  });

  it("authenticates by header, says ready, and sends one message per change of the account's jobs only", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Other");
    const asset = await makeAsset(account.id, "Van");
    const otherAsset = await makeAsset(other.id, "Truck");
    const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
    const client = connect(port, token);
    expect(await client.next((m) => m.type === "ready")).toEqual({ type: "ready", account_key: account.key });

    await createReportJob({ accountId: other.id, request: request(other.id, [otherAsset.id]), format: "pdf", createdBy: "test" });
    const job = await createReportJob({ accountId: account.id, request: request(account.id, [asset.id]), format: "xlsx", createdBy: "test" });
    const queued = await client.next((m) => m.type === "job");
    expect(queued).toEqual({ type: "job", job });
    expect(queued.job).toMatchObject({ status: "queued", progress: { done: 0, total: 1 }, file_url: null });

    await deleteReportJob({ accountId: account.id, jobId: job.id });
    expect(await client.next((m) => m.type === "job.deleted")).toEqual({ type: "job.deleted", id: job.id });
    // the other account's job never arrived
    expect(client.messages.filter((m) => m.type === "job").map((m) => m.job.id)).toEqual([job.id]);

    client.send({ type: "ping" });
    expect(await client.next((m) => m.type === "pong")).toEqual({ type: "pong" });
    client.send("not json");
    expect(await client.next((m) => m.type === "error")).toMatchObject({ code: "BAD_MESSAGE" });
    client.ws.close();
  });

  it("authenticates by a first auth message (browsers); without one in time it closes with 4008", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
    const browser = connect(port);
    await browser.opened;
    browser.send({ type: "auth", token });
    expect(await browser.next((m) => m.type === "ready")).toMatchObject({ account_key: account.key });
    browser.ws.close();

    const silent = connect(port);
    expect(await silent.closed).toEqual({ code: ReportingCloseCode.AUTH_TIMEOUT, reason: "No auth message in time." });
  });

  it("refuses a bad token with 4001 and a token without reports:read with 4003", async () => {
    const account = await makeAccount();
    expect((await connect(port, "not-a-token").closed).code).toBe(ReportingCloseCode.UNAUTHENTICATED);
    const wrong = connect(port);
    await wrong.opened;
    wrong.send({ type: "auth", token: "x.y.z" });
    expect((await wrong.closed).code).toBe(ReportingCloseCode.UNAUTHENTICATED);
    const { token } = await makeToken(account.id, { scopes: ["assets:read"] });
    expect(await connect(port, token).closed).toEqual({ code: ReportingCloseCode.INSUFFICIENT_SCOPE, reason: "This token lacks the reports:read scope." });
  });

  it("closes with 4004 when the client is revoked and with 4003 when reports:read is taken from it", async () => {
    const account = await makeAccount();
    const revoked = await makeToken(account.id, { scopes: ["reports:read"] });
    const first = connect(port, revoked.token);
    await first.next((m) => m.type === "ready");
    await revokeOAuthClient({ accountId: account.id, id: revoked.id });
    expect((await first.closed).code).toBe(ReportingCloseCode.CREDENTIALS_REVOKED);

    const narrowed = await makeToken(account.id, { scopes: ["reports:read", "assets:read"] });
    const second = connect(port, narrowed.token);
    await second.next((m) => m.type === "ready");
    await updateOAuthClient({ accountId: account.id, id: narrowed.id, scopes: ["assets:read"] });
    expect((await second.closed).code).toBe(ReportingCloseCode.INSUFFICIENT_SCOPE);
  });

  it("closes with 4002 when the token expires while the socket is open", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
    clock = Date.now() + 366 * 24 * 3_600_000; // past the token's one-year life
    try {
      const client = connect(port, token);
      expect(await client.closed).toEqual({ code: ReportingCloseCode.TOKEN_EXPIRED, reason: "Token expired." });
    } finally {
      clock = null;
    }
  });

  it("closes the account's socket beyond the per-node cap with 4029", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
    const open: Client[] = [];
    for (let i = 0; i < REPORTING_LIMITS.connectionsPerAccount; i++) {
      const client = connect(port, token);
      await client.next((m) => m.type === "ready");
      open.push(client);
    }
    const extra = connect(port, token);
    expect(await extra.closed).toEqual({ code: ReportingCloseCode.TOO_MANY_CONNECTIONS, reason: "Too many report sockets for this account." });
    open[0]!.ws.close();
    await open[0]!.closed;
    const again = connect(port, token);
    await again.next((m) => m.type === "ready");
    for (const client of [...open.slice(1), again]) client.ws.close();
  });

  it("answers 404 to an upgrade on another path", async () => {
    const client = connect(port, undefined, "/reporting/other");
    await expect(client.opened).rejects.toThrow(/404/);
  });
});

describe("the /reporting socket in the running server", () => {
  it("is routed on the HTTP port, and closes with 1001 when the server stops", async () => {
    const config = parseEnv({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      GT06_PORT: "0",
      OSMAND_PORT: "0",
      TELTONIKA_PORT: "0",
      LOG_LEVEL: "silent",
      FLEET_DEMO: "0",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "fleetline-reporting-")),
    });
    const running = await startFleetline(config, { next: false });
    try {
      const account = await makeAccount();
      const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
      const client = connect(running.port, token);
      await client.next((m) => m.type === "ready");
      const asset = await makeAsset(account.id, "Van");
      const job = await createReportJob({ accountId: account.id, request: request(account.id, [asset.id]), format: "pdf", createdBy: "test" });
      expect((await client.next((m) => m.type === "job" && m.job.id === job.id)).job.id).toBe(job.id);
      await running.stop();
      expect((await client.closed).code).toBe(ReportingCloseCode.GOING_AWAY);
    } finally {
      await running.stop();
    }
  }, 60_000);
});
