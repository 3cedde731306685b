// The OsmAnd HTTP listener over real HTTP (node fetch and raw sockets) against in-memory callbacks: the callbacks
// are the listener's boundary, so what it hands them and what it answers are what is tested here.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOsmandHttpListener, type OsmandCallbacks, type OsmandListener } from "./osmand-http-listener";
import type { OsmandPosition } from "./protocols/osmand/messages";
import { JSON_SAMPLES, QUERY_SAMPLES } from "./protocols/osmand/published-samples";

interface Phone {
  id: string;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** an in-memory store: known ids, the unknown ones asked for, what was stored, and a hook to hold or fail a store */
function memoryCallbacks(known: string[]) {
  const unknown: string[] = [];
  const stored: Array<{ id: string; positions: OsmandPosition[] }> = [];
  const hooks: { beforeStore?: () => Promise<void>; identifyFails?: boolean } = {};
  const callbacks: OsmandCallbacks<Phone> = {
    identify: async ({ deviceId }) => {
      if (hooks.identifyFails) throw new Error("database down");
      if (known.includes(deviceId)) return { id: deviceId };
      unknown.push(deviceId);
      return null;
    },
    ingest: async (phone, positions) => {
      await hooks.beforeStore?.();
      stored.push({ id: phone.id, positions });
    },
  };
  return { callbacks, unknown, stored, hooks };
}

/** sends raw bytes and collects everything until the server closes the connection */
function raw(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(bytes);
  });
}

const silent = pino({ level: "silent" });

describe("OsmAnd HTTP listener", () => {
  const memory = memoryCallbacks(["902064", "48241179", "phone-1"]);
  let listener: OsmandListener;
  let base: string;

  beforeAll(async () => {
    listener = await startOsmandHttpListener({
      host: "127.0.0.1",
      port: 0,
      callbacks: memory.callbacks,
      logger: silent,
      maxBodyBytes: 4096,
    });
    base = `http://127.0.0.1:${listener.port}`;
  });
  afterAll(() => listener.close());

  it("stores a GET query upload and answers 200 with an empty body", async () => {
    const res = await fetch(`${base}/?${QUERY_SAMPLES.isoTimestamp}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(memory.stored.at(-1)).toMatchObject({ id: "902064", positions: [{ latitude: 42.06288, longitude: -88.23412 }] });
  });

  it("stores a POST with its fields in the query (Traccar Client 8) on any path", async () => {
    const res = await fetch(`${base}/some/path?id=phone-1&lat=1.5&lon=2.5&timestamp=1764000000`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(memory.stored.at(-1)).toMatchObject({ id: "phone-1", positions: [{ latitude: 1.5, timestamp: 1764000000000 }] });
  });

  it("stores a form body", async () => {
    const res = await fetch(base, { method: "POST", body: new URLSearchParams({ id: "phone-1", lat: "3", lon: "4", batt: "50" }) });
    expect(res.status).toBe(200);
    expect(memory.stored.at(-1)).toMatchObject({ id: "phone-1", positions: [{ latitude: 3, longitude: 4, batteryLevel: 50 }] });
  });

  it("stores a JSON body (Traccar Client 9)", async () => {
    const res = await fetch(base, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON_SAMPLES.stillAndroid });
    expect(res.status).toBe(200);
    expect(memory.stored.at(-1)).toMatchObject({ id: "48241179", positions: [{ latitude: 37.4219983, event: "motionchange" }] });
  });

  it("answers only once the store resolved", async () => {
    const arrived = deferred();
    const release = deferred();
    memory.hooks.beforeStore = () => {
      arrived.resolve();
      return release.promise;
    };
    let answered = false;
    const request = fetch(`${base}/?id=phone-1&lat=5&lon=6`).then((res) => {
      answered = true;
      return res;
    });
    await arrived.promise;
    // the store has the positions but has not resolved: no answer may have left
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release.resolve();
    expect((await request).status).toBe(200);
    memory.hooks.beforeStore = undefined;
  });

  it("answers 400 with the reason for malformed input", async () => {
    const res = await fetch(`${base}/?id=phone-1&lat=95&lon=6`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("lat must be between -90 and 90, not 95");
    const json = await fetch(base, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(json.status).toBe(400);
    expect(await json.text()).toBe("the body is not valid JSON");
  });

  it("answers 404 for an unknown device id and hands the id to identify (which records it)", async () => {
    const res = await fetch(`${base}/?id=stranger-7&lat=1&lon=2`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("unknown device id");
    expect(memory.unknown).toContain("stranger-7");
  });

  it("answers 405 to other methods, naming the allowed ones", async () => {
    const res = await fetch(`${base}/?id=phone-1&lat=1&lon=2`, { method: "PUT", body: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
  });

  it("answers 413 to a body over the limit, declared or streamed", async () => {
    const big = `id=phone-1&lat=1&lon=2&note=${"x".repeat(5000)}`;
    const res = await fetch(base, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: big });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("the body is larger than 4096 bytes");
    // chunked, so no Content-Length tells the size in advance
    const chunked = await raw(
      listener.port,
      `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${(6000).toString(16)}\r\n${"y".repeat(6000)}\r\n0\r\n\r\n`,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
    expect(listener.counters.tooLarge).toBe(2);
  });

  it("answers 503 when the store or the lookup fails, and keeps serving", async () => {
    memory.hooks.beforeStore = () => Promise.reject(new Error("disk full"));
    const failed = await fetch(`${base}/?id=phone-1&lat=1&lon=2`);
    expect(failed.status).toBe(503);
    expect(await failed.text()).toBe("the positions could not be stored; try again later");
    memory.hooks.beforeStore = undefined;

    memory.hooks.identifyFails = true;
    expect((await fetch(`${base}/?id=phone-1&lat=1&lon=2`)).status).toBe(503);
    memory.hooks.identifyFails = false;

    expect((await fetch(`${base}/?id=phone-1&lat=1&lon=2`)).status).toBe(200);
  });

  it("answers garbage that is not HTTP with 400 and keeps serving", async () => {
    const reply = await raw(listener.port, Buffer.from("\x00\x01\x02 not http at all\r\n\r\n", "latin1"));
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect((await fetch(`${base}/?id=phone-1&lat=1&lon=2`)).status).toBe(200);
  });
});

describe("OsmAnd HTTP listener limits and stop", () => {
  it("refuses connections over the per-address cap", async () => {
    const memory = memoryCallbacks(["phone-1"]);
    const listener = await startOsmandHttpListener({
      host: "127.0.0.1",
      port: 0,
      callbacks: memory.callbacks,
      logger: silent,
      maxConnectionsPerAddress: 2,
    });
    const open = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(listener.port, "127.0.0.1", () => resolve(s));
          }),
      ),
    );
    // the third is closed by the server without an answer
    const third = await raw(listener.port, "GET /?id=phone-1&lat=1&lon=2 HTTP/1.1\r\nHost: x\r\n\r\n").catch(() => "");
    expect(third).toBe("");
    expect(listener.counters.overAddressCap).toBe(1);
    for (const s of open) s.destroy();
    await listener.close();
  });

  it("stops gracefully: no new connections, the request being stored is answered", async () => {
    const memory = memoryCallbacks(["phone-1"]);
    const listener = await startOsmandHttpListener({ host: "127.0.0.1", port: 0, callbacks: memory.callbacks, logger: silent });
    const arrived = deferred();
    const release = deferred();
    memory.hooks.beforeStore = () => {
      arrived.resolve();
      return release.promise;
    };
    const request = fetch(`http://127.0.0.1:${listener.port}/?id=phone-1&lat=1&lon=2`);
    await arrived.promise;
    const stopped = listener.close();
    await expect(raw(listener.port, "GET / HTTP/1.1\r\n\r\n")).rejects.toThrow(/ECONNREFUSED/);
    release.resolve();
    const res = await request;
    expect(res.status).toBe(200);
    expect(res.headers.get("connection")).toBe("close");
    await stopped;
    expect(memory.stored).toHaveLength(1);
  });
});
