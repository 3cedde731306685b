// The OsmAnd HTTP listener over real HTTP (node fetch and raw sockets) against in-memory callbacks: the callbacks
// are the listener's boundary, so what it hands them and what it answers are what is tested here. Includes what keeps
// strangers from guessing device ids: unknown ids answered exactly like known ones, the per-address throttle.
import net from "node:net";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startOsmandHttpListener, type OsmandCallbacks, type OsmandListener, type OsmandListenerOptions } from "./osmand-http-listener";
import { StoreTimeImitation } from "./osmand-store-time";
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
  const heard: string[] = [];
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
    heard: (phone) => void heard.push(phone.id),
  };
  return { callbacks, unknown, stored, heard, hooks };
}

/** what a client outside sees of an answer: status, headers (but the clock's Date) and body */
async function seen(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== "date"));
  return { status: response.status, headers, body: await response.text() };
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

  it("answers an unknown device id exactly like a known one, stores nothing for it, and hands it to identify (which records it)", async () => {
    const before = memory.stored.length;
    const forms = (id: string): Array<[string, RequestInit]> => [
      [`${base}/?id=${id}&lat=1&lon=2&timestamp=1764000000`, {}],
      [base, { method: "POST", body: new URLSearchParams({ id, lat: "3", lon: "4" }) }],
      [base, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON_SAMPLES.stillAndroid.replaceAll("48241179", id) }],
      [`${base}/?id=${id}&cell=257,02,16,2224&wifi=00-14-22-01-23-45,-80`, {}], // no coordinates: a sign of life
    ];
    const known = await Promise.all(forms("phone-1").map(async ([url, init]) => seen(await fetch(url, init))));
    const unknown = await Promise.all(forms("stranger-7").map(async ([url, init]) => seen(await fetch(url, init))));
    expect(unknown).toEqual(known);
    expect(known[0]).toEqual({ status: 200, body: "", headers: expect.objectContaining({ "content-length": "0" }) });
    expect(memory.stored.slice(before).map((s) => s.id)).toEqual(["phone-1", "phone-1", "phone-1"]);
    expect(memory.unknown.filter((id) => id === "stranger-7")).toHaveLength(4);
    expect(listener.counters.unknownDevices).toBeGreaterThanOrEqual(4);
  });

  it("marks a known phone heard on a request with cell or Wi-Fi data and no coordinates, stores nothing, answers 200", async () => {
    const before = { stored: memory.stored.length, heard: memory.heard.length };
    // Traccar's published cell-and-Wi-Fi request, as the known phone-1
    const res = await fetch(`${base}/?${QUERY_SAMPLES.cellAndWifiOnly.replace("id=123456", "id=phone-1")}`);
    expect(await seen(res)).toMatchObject({ status: 200, body: "" });
    expect(memory.heard.slice(before.heard)).toEqual(["phone-1"]);
    expect(memory.stored.length).toBe(before.stored); // no position made up from the towers
    expect(listener.counters.heardOnly).toBeGreaterThanOrEqual(1);
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

describe("OsmAnd HTTP listener against guessing device ids", () => {
  const started: OsmandListener[] = [];
  afterEach(async () => {
    for (const listener of started.splice(0)) await listener.close();
  });

  async function start(memory: ReturnType<typeof memoryCallbacks>, options: Partial<OsmandListenerOptions<Phone>> = {}) {
    const listener = await startOsmandHttpListener({ host: "127.0.0.1", port: 0, callbacks: memory.callbacks, logger: silent, ...options });
    started.push(listener);
    return (id: string) => fetch(`http://127.0.0.1:${listener.port}/?id=${id}&lat=1&lon=2`);
  }

  it("blocks an address that sends too many different unknown ids, for every request and the whole block time", async () => {
    let now = 1_000_000;
    const memory = memoryCallbacks(["phone-1"]);
    const send = await start(memory, { unknownIdsPerAddress: 3, unknownIdWindowMs: 60_000, unknownIdBlockMs: 600_000, now: () => now });
    // one phone with a mistyped id sends the same unknown id again and again: it counts once
    for (let i = 0; i < 10; i++) expect((await send("typo-1")).status).toBe(200);
    for (const id of ["guess-2", "guess-3"]) expect((await send(id)).status).toBe(200);
    expect((await send("phone-1")).status).toBe(200); // known ids do not count

    const over = await send("guess-4"); // the fourth different unknown id within the minute
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("600");
    expect(await over.text()).toBe("too many unknown device ids from this address; try again in 600 s");
    // known ids too: answering them would tell them apart; nothing is looked up or stored while blocked
    const asked = memory.unknown.length;
    const blocked = await send("phone-1");
    expect(blocked.status).toBe(429);
    expect(memory.stored).toHaveLength(1);
    expect(memory.unknown).toHaveLength(asked);

    now += 599_000;
    expect((await send("phone-1")).headers.get("retry-after")).toBe("1");
    now += 1_000;
    expect((await send("phone-1")).status).toBe(200);
    expect(memory.stored).toHaveLength(2);
    expect(started[0]!.counters.throttled).toBe(3);
  });

  it("starts a new window each minute: a few unknown ids a minute are never blocked", async () => {
    let now = 5_000_000;
    const memory = memoryCallbacks([]);
    const send = await start(memory, { unknownIdsPerAddress: 3, unknownIdWindowMs: 60_000, now: () => now });
    for (let minute = 0; minute < 4; minute++) {
      for (let i = 0; i < 3; i++) expect((await send(`m${minute}-${i}`)).status).toBe(200);
      now += 60_000;
    }
    expect(started[0]!.counters.throttled).toBe(0);
  });

  it("answers an unknown id 503 while known ids' stores fail, as it answers a known one", async () => {
    const memory = memoryCallbacks(["phone-1"]);
    const send = await start(memory);
    memory.hooks.beforeStore = () => Promise.reject(new Error("disk full"));
    const known = await seen(await send("phone-1"));
    expect(known).toMatchObject({ status: 503, body: "the positions could not be stored; try again later" });
    expect(await seen(await send("stranger-1"))).toEqual(known); // the only store outcome seen is a failure
  });
});

describe("store-time imitation", () => {
  afterEach(() => void vi.useRealTimers());

  it("answers an unknown id after a drawn known store time, its requests one after another, with the drawn outcome", async () => {
    vi.useFakeTimers();
    const imitation = new StoreTimeImitation();
    imitation.record({ ms: 1_000, stored: true });
    const done: string[] = [];
    const now = () => Date.now();
    void imitation.imitate("guess", now(), now).then((o) => done.push(`first ${o.stored}`));
    void imitation.imitate("guess", now(), now).then((o) => done.push(`second ${o.stored}`));
    void imitation.imitate("other", now(), now).then((o) => done.push(`other ${o.stored}`));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(["first true", "other true"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(["first true", "other true", "second true"]);
  });

  it("ends every wait at a graceful stop", async () => {
    vi.useFakeTimers();
    const imitation = new StoreTimeImitation();
    imitation.record({ ms: 4_000, stored: false });
    const outcome = imitation.imitate("guess", Date.now(), () => Date.now());
    imitation.stop();
    expect(await outcome).toEqual({ ms: 4_000, stored: false });
  });
});

