// GET /metrics on the real server (startFleetline without Next): a real Teltonika device sends Codec 8E packets over
// TCP and UDP and the ingest counters move (received, stored, duplicates, acknowledged, batch and latency histograms,
// refusals by reason, open connections), API requests are counted by route template, and the access rules hold:
// loopback always, another address only with METRICS_TOKEN, never because of a header the client wrote.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import dgram from "node:dgram";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { startFleetline, type RunningServer } from "../server";
import { freePort } from "../testing/free-port";
import { sampleValue } from "../testing/prometheus-text";
import { TestDevice, testRecord } from "../testing/teltonika-test-device";
import { testImei } from "../testing/test-imei";
import { encodeLogin, encodeUdpDatagram8E } from "../tracker/protocols/teltonika/avl-encoder";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-metrics-"));
  dirs.push(dir);
  return dir;
}

/** an address of this machine that is not loopback: a request to it arrives from it, as from another host */
function outsideAddress(): string | null {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return null;
}

const TOKEN = "metrics-token-0123456789abcdef";

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function start(extra: Record<string, string> = {}): Promise<RunningServer> {
  running = await startFleetline(
    parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: tempDir(), ...extra }),
    { next: false },
  );
  return running;
}

async function scrape(server: RunningServer): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** logs in with `imei` on a raw socket and resolves with the server's one-byte answer (0: refused) */
async function loginAnswer(port: number, imei: string): Promise<number> {
  const socket = net.connect({ host: "127.0.0.1", port });
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(encodeLogin(imei));
  const answer = await new Promise<number>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk[0]!)));
  socket.destroy();
  return answer;
}

/** sends one UDP datagram and resolves with the server's answer, or null when none comes within `waitMs` */
async function udpExchange(port: number, datagram: Buffer, waitMs: number): Promise<Buffer | null> {
  const socket = dgram.createSocket("udp4");
  try {
    const answer = new Promise<Buffer | null>((resolve) => {
      socket.once("message", (message) => resolve(message));
      setTimeout(() => resolve(null), waitMs);
    });
    socket.send(datagram, port, "127.0.0.1");
    return await answer;
  } finally {
    socket.close();
  }
}

describe("GET /metrics", () => {
  it("counts what a Teltonika device sends over TCP and UDP: records, duplicates, acknowledgements, batches, refusals", async () => {
    const teltonikaPort = await freePort();
    const server = await start({ GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(teltonikaPort) });
    const account = await createAccount({ name: "Metrics fleet" });
    const imei = testImei();
    await createAsset({ accountId: account.id, name: "Van 1", imei });

    const before = await scrape(server);
    const tcp = { protocol: "teltonika", transport: "tcp" };
    const device = await TestDevice.connect(teltonikaPort, imei);
    try {
      await expect
        .poll(async () => sampleValue(await scrape(server), "fleetline_tracker_connections", tcp))
        .toBe(sampleValue(before, "fleetline_tracker_connections", tcp) + 1);

      const t0 = Date.now() - 60_000;
      // two fixes, the second twice in the packet: stored once, acknowledged with all three
      const packet = [testRecord(t0), testRecord(t0 + 1000), testRecord(t0 + 1000)];
      expect(await device.send(packet)).toBe(3);
      // the device did not hear the acknowledgement and resends: nothing new is stored, all of it is acknowledged
      expect(await device.send(packet)).toBe(3);
    } finally {
      device.destroy();
    }
    // an unknown tracker and a login that is no IMEI at all are refused, each counted under its reason
    expect(await loginAnswer(teltonikaPort, testImei())).toBe(0);
    expect(await loginAnswer(teltonikaPort, "123456789012345")).toBe(0);

    const delta = async (name: string, labels: Record<string, string> = {}) =>
      sampleValue(await scrape(server), name, labels) - sampleValue(before, name, labels);
    expect(await delta("fleetline_tracker_records_received_total", tcp)).toBe(6);
    expect(await delta("fleetline_tracker_records_acknowledged_total", tcp)).toBe(6);
    expect(await delta("fleetline_tracker_records_stored_total", { protocol: "teltonika" })).toBe(2);
    expect(await delta("fleetline_tracker_records_duplicate_total", { protocol: "teltonika" })).toBe(4);
    expect(await delta("fleetline_ingest_batch_rows_count")).toBeGreaterThanOrEqual(1);
    expect(await delta("fleetline_ingest_batch_rows_sum")).toBeGreaterThanOrEqual(2);
    expect(await delta("fleetline_ingest_commit_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    // the two stored positions reach the hub after their acknowledgement (published off the device's path)
    await expect.poll(() => delta("fleetline_ingest_publish_latency_seconds_count")).toBe(2);
    await expect.poll(() => delta("fleetline_tracker_refusals_total", { transport: "tcp", reason: "unknown_tracker" })).toBe(1);
    expect(await delta("fleetline_tracker_refusals_total", { transport: "tcp", reason: "invalid_imei" })).toBe(1);
    await expect.poll(async () => sampleValue(await scrape(server), "fleetline_tracker_connections", tcp)).toBe(0);

    // over UDP: a datagram of the known device is stored and acknowledged; one of an unknown device is dropped
    const udp = { protocol: "teltonika", transport: "udp" };
    const t1 = Date.now() - 30_000;
    const answer = await udpExchange(teltonikaPort, encodeUdpDatagram8E(imei, 0x0101, 0x01, [testRecord(t1), testRecord(t1 + 1000)]), 10_000);
    expect(answer).not.toBeNull();
    expect(await delta("fleetline_tracker_records_received_total", udp)).toBe(2);
    expect(await delta("fleetline_tracker_records_acknowledged_total", udp)).toBe(2);
    expect(await delta("fleetline_tracker_records_stored_total", { protocol: "teltonika" })).toBe(4);
    // no answer is the protocol's refusal; the count says why
    expect(await udpExchange(teltonikaPort, encodeUdpDatagram8E(testImei(), 0x0102, 0x02, [testRecord(t1)]), 1000)).toBeNull();
    await expect.poll(() => delta("fleetline_tracker_refusals_total", { transport: "udp", reason: "unknown_tracker" })).toBe(1);
  }, 120_000);

  it("counts the OsmAnd port's refusals under transport http: an unknown device id, a malformed request", async () => {
    const osmandPort = await freePort();
    const server = await start({ OSMAND_PORT: String(osmandPort) });
    const before = await scrape(server);
    const delta = async (reason: string) =>
      sampleValue(await scrape(server), "fleetline_tracker_refusals_total", { transport: "http", reason }) -
      sampleValue(before, "fleetline_tracker_refusals_total", { transport: "http", reason });
    // an unknown id is answered like a known one (200), and counted here only
    const unknown = await fetch(`http://127.0.0.1:${osmandPort}/?id=nobody-${Date.now()}&lat=52.5&lon=13.4`);
    expect(unknown.status).toBe(200);
    const malformed = await fetch(`http://127.0.0.1:${osmandPort}/?id=x&lat=95&lon=13.4`);
    expect(malformed.status).toBe(400);
    await expect.poll(() => delta("unknown_tracker"), { timeout: 10_000 }).toBe(1);
    expect(await delta("malformed")).toBe(1);
  }, 60_000);

  it("counts API requests by route template and status, never by raw path", async () => {
    const server = await start();
    const before = await scrape(server);
    for (const key of ["acme", "globex"]) await (await fetch(`${server.url}/api/v1/${key}/imports/17`)).arrayBuffer();
    await (await fetch(`${server.url}/api/v1/user`)).arrayBuffer();
    await (await fetch(`${server.url}/oauth/token`, { method: "POST" })).arrayBuffer();
    await (await fetch(`${server.url}/a/acme/dashboard`)).arrayBuffer(); // a page: not an API request
    const after = await scrape(server);
    // without Next every API path is answered 404 by the server itself; the route is the file that serves it
    const job = { method: "GET", route: "/api/v1/[accountKey]/imports/[jobId]", status: "404" };
    expect(sampleValue(after, "fleetline_http_requests_total", job) - sampleValue(before, "fleetline_http_requests_total", job)).toBe(2);
    const user = { method: "GET", route: "/api/v1/user", status: "404" };
    expect(sampleValue(after, "fleetline_http_requests_total", user) - sampleValue(before, "fleetline_http_requests_total", user)).toBe(1);
    const token = { method: "POST", route: "/oauth/token", status: "404" };
    expect(sampleValue(after, "fleetline_http_requests_total", token) - sampleValue(before, "fleetline_http_requests_total", token)).toBe(1);
    const requests = (text: string) => sampleValue(text, "fleetline_http_requests_total");
    expect(requests(after) - requests(before)).toBe(4);
    expect(after).not.toContain("acme");
    // prom-client's default process and Node.js metrics keep their standard names, so the common Node.js dashboards
    // and alerts work as they are; only Fleetline's own metrics carry the prefix
    expect(after).toMatch(/^process_cpu_user_seconds_total /m);
    expect(after).toMatch(/^process_resident_memory_bytes /m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^nodejs_heap_size_used_bytes /m);
    expect(after).not.toMatch(/^(# (HELP|TYPE) )?fleetline_(process|nodejs)_/m);
    expect(after).toMatch(/^fleetline_import_jobs\{state="pending"\} 0$/m);

    // docs/operations.md and the Grafana dashboard name only metrics that exist
    const exposed = new Set([...after.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
    const named = (text: string) =>
      new Set(
        [...text.matchAll(/\b(fleetline|process|nodejs)_[a-z0-9_]*[a-z0-9]/g)].map((match) => match[0].replace(/_(bucket|sum|count)$/, "")),
      );
    for (const file of ["docs/operations.md", "docs/grafana/fleetline-dashboard.json"]) {
      const missing = [...named(readFileSync(file, "utf8"))].filter((name) => !exposed.has(name));
      expect({ file, missing }).toEqual({ file, missing: [] });
    }
  }, 60_000);

  it("answers loopback clients in Prometheus text format, and only GET or HEAD", async () => {
    const server = await start();
    const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toMatch(/^# HELP fleetline_tracker_records_received_total /m);
    const post = await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  }, 60_000);

  const outside = outsideAddress();
  describe.skipIf(!outside)(`from another address (${outside ?? "none on this machine"})`, () => {
    it("refuses with 403 without METRICS_TOKEN, whatever X-Forwarded-For says", async () => {
      const server = await start({ HOST: "0.0.0.0" });
      const attempts: Record<string, string>[] = [{}, { "x-forwarded-for": "127.0.0.1" }, { authorization: `Bearer ${TOKEN}` }];
      for (const headers of attempts) {
        const response = await fetch(`http://${outside}:${server.port}/metrics`, { headers });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          message: "Metrics are served to clients on this machine only. Set METRICS_TOKEN to let others read them with a bearer token.",
          code: "FORBIDDEN",
        });
      }
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(200);
    }, 60_000);

    it("answers with the bearer token when METRICS_TOKEN is set, 401 without it or with another", async () => {
      const server = await start({ HOST: "0.0.0.0", METRICS_TOKEN: TOKEN });
      const url = `http://${outside}:${server.port}/metrics`;
      const missing = await fetch(url, { headers: { "x-forwarded-for": "127.0.0.1" } });
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await missing.json()).toEqual({ message: "Metrics need the header Authorization: Bearer <METRICS_TOKEN>.", code: "UNAUTHENTICATED" });
      for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
        expect((await fetch(url, { headers: { authorization: wrong } })).status).toBe(401);
      }
      const allowed = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toMatch(/^fleetline_tracker_records_received_total\{/m);
    }, 60_000);
  });

  it("behind a trusted proxy on this machine, treats the proxy's client as the client", async () => {
    const server = await start({ TRUST_PROXY: "1", METRICS_TOKEN: TOKEN });
    const url = `http://127.0.0.1:${server.port}/metrics`;
    // the proxy appends the address it saw: a client elsewhere, whatever it put in front of it
    const proxied = { "x-forwarded-for": "127.0.0.1, 203.0.113.9" };
    expect((await fetch(url, { headers: proxied })).status).toBe(401);
    expect((await fetch(url, { headers: { ...proxied, authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    // a request from this machine through the proxy, or not through it, is local
    expect((await fetch(url, { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(200);
    expect((await fetch(url)).status).toBe(200);
  }, 60_000);

  it("refuses a METRICS_TOKEN that is too short or not printable, naming the variable but not the value", () => {
    for (const bad of ["short-token", "sixteen chars with spaces", "tøken-with-non-ascii-0123"]) {
      let error: unknown;
      try {
        parseEnv({ METRICS_TOKEN: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EnvError);
      expect((error as Error).message).toContain("METRICS_TOKEN: must be at least 16 printable characters");
      expect((error as Error).message).not.toContain(bad);
    }
    expect(parseEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});
