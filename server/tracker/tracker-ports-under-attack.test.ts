// The Teltonika TCP port under attack (docs/ingest.md "Tracker ports under attack"), on real sockets with the
// deadlines shortened for the test: each limit is shown holding against the attack it is for, and shown not to get
// in the way of a real device. UDP's bounds are in datagram-listener.test.ts.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { DeviceSessions } from "./device-sessions";
import { imeiFrom } from "../modules/assets/imei";
import type { TrackerRecord } from "./record";
import { encodeLogin, encodeTcpPacket8E } from "./protocols/teltonika/avl-encoder";
import { startStreamListener, type TcpListener, type TcpListenerOptions } from "./stream-listener";
import { TrackerDirectory } from "./tracker-directory";
import type { KnownTracker, TrackerSink } from "./tracker-sink";
import { testRecord } from "../testing/teltonika-test-device";
import { teltonikaTcp } from "./protocols/teltonika/protocol";

const KNOWN_IMEI = "356307042441013";
const PACKET = encodeTcpPacket8E([testRecord(Date.UTC(2026, 0, 1))]);
const ACK_ONE = Buffer.from("00000001", "hex");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** knows one IMEI; remembers every IMEI it was asked about and every packet it stored */
class Sink implements TrackerSink {
  asked: string[] = [];
  stored: TrackerRecord[][] = [];
  async identify({ imei }: { imei: string }): Promise<KnownTracker | null> {
    this.asked.push(imei);
    return imei === KNOWN_IMEI ? { trackerId: 7, assetId: 3, accountId: 1, imei, protocol: "teltonika" } : null;
  }
  async ingest(_tracker: KnownTracker, records: TrackerRecord[]) {
    this.stored.push(records);
    return records.length;
  }
}

/** a raw TCP client from `localAddress` (any 127.x.y.z is this machine) that keeps every byte the server sends */
async function connect(port: number, localAddress = "127.0.0.1") {
  const socket = net.connect({ host: "127.0.0.1", port, localAddress });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.on("error", () => {});
  let received = Buffer.alloc(0);
  socket.on("data", (chunk) => (received = Buffer.concat([received, chunk])));
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      isClosed = true;
      resolve();
    }),
  );
  return {
    socket,
    closed,
    get isClosed() {
      return isClosed;
    },
    get received() {
      return received;
    },
    /** waits for at least n bytes (or the close) */
    async bytes(n: number, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n && !isClosed && Date.now() < deadline) await sleep(10);
      return received;
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(10);
  }
}

function listenerWith(sink: TrackerSink, options: Partial<TcpListenerOptions>) {
  return startStreamListener({ protocol: teltonikaTcp,
    host: "127.0.0.1",
    port: 0,
    sink,
    sessions: new DeviceSessions(),
    logger: pino({ level: "silent" }),
    idleTimeoutMs: 20_000, // far beyond every test: whatever closes a connection here is the limit under test
    ...options,
  });
}

describe("Teltonika TCP port under attack", () => {
  const sink = new Sink();
  let listener: TcpListener;
  beforeAll(async () => {
    listener = await listenerWith(sink, { loginTimeoutMs: 500, frameTimeoutMs: 1_000 });
  });
  afterAll(() => listener.close());

  it("closes a connection that never logs in, and one that trickles its login, at the login deadline", async () => {
    const before = listener.counters.loginTimeouts;
    const silent = await connect(listener.port);
    const trickler = await connect(listener.port);
    const login = encodeLogin(KNOWN_IMEI);
    let sent = 0;
    while (!trickler.isClosed && sent < login.length) {
      trickler.socket.write(login.subarray(sent, sent + 1)); // a byte every 100 ms: 1.7 s for the whole login
      sent++;
      await sleep(100);
    }
    await Promise.all([silent.closed, trickler.closed]);
    expect(sent).toBeLessThan(login.length); // closed while still trickling, the idle timer never ran out
    expect(trickler.received.length).toBe(0);
    expect(listener.counters.loginTimeouts - before).toBe(2);
  });

  it("closes a partial frame at its deadline however slowly its bytes trickle in", async () => {
    const before = listener.counters.frameTimeouts;
    const d = await connect(listener.port);
    d.socket.write(encodeLogin(KNOWN_IMEI));
    expect(await d.bytes(1)).toEqual(Buffer.from("01", "hex"));
    const header = Buffer.from("000000000000EA60", "hex"); // a packet announcing 60,000 bytes of data
    d.socket.write(header);
    let trickled = 0;
    while (!d.isClosed && trickled < 100) {
      await sleep(100); // every byte well inside the idle timeout: only an absolute frame deadline ends this
      d.socket.write(Buffer.from([0x08]));
      trickled++;
    }
    await d.closed;
    expect(trickled).toBeLessThan(100);
    expect(listener.counters.frameTimeouts - before).toBe(1);
    expect(sink.stored).toHaveLength(0);
  });

  it("gives each frame its own deadline: packets trickled within it are acknowledged one after another", async () => {
    const d = await connect(listener.port);
    d.socket.write(encodeLogin(KNOWN_IMEI));
    await d.bytes(1);
    const stored = sink.stored.length;
    // each packet takes about 0.6 s to arrive, the two together longer than one frame deadline (1 s)
    const pieces = Math.ceil(PACKET.length / 12);
    for (let packet = 0; packet < 2; packet++) {
      for (let i = 0; i < pieces; i++) {
        d.socket.write(PACKET.subarray(i * 12, (i + 1) * 12));
        await sleep(600 / pieces);
      }
    }
    expect(await d.bytes(9)).toEqual(Buffer.concat([Buffer.from("01", "hex"), ACK_ONE, ACK_ONE]));
    expect(sink.stored.length - stored).toBe(2);
    expect(d.isClosed).toBe(false);
    d.socket.destroy();
  });

  it("refuses a login that is not 15 digits with a valid check digit with 00, without asking who it is", async () => {
    const before = listener.counters.invalidImeis;
    for (const imei of ["356307042441014", "35630704244101", "3563070424410130", "1"]) {
      const d = await connect(listener.port);
      d.socket.write(encodeLogin(imei));
      expect(await d.bytes(1)).toEqual(Buffer.from("00", "hex"));
      await d.closed;
      expect(sink.asked).not.toContain(imei);
    }
    expect(listener.counters.invalidImeis - before).toBe(4);
  });

  it("holds at most one frame per connection: a packet announcing more than 64 KiB closes it at once", async () => {
    const before = listener.counters.invalidFrames;
    const d = await connect(listener.port);
    d.socket.write(encodeLogin(KNOWN_IMEI));
    await d.bytes(1);
    d.socket.write(Buffer.from("0000000000100000", "hex")); // 1 MiB announced
    await d.closed;
    expect(d.received).toEqual(Buffer.from("01", "hex"));
    expect(listener.counters.invalidFrames - before).toBe(1);
  });
});

describe("Teltonika TCP connections per address", () => {
  const sink = new Sink();
  let listener: TcpListener;
  beforeAll(async () => {
    listener = await listenerWith(sink, { maxConnectionsPerAddress: 3 });
  });
  afterAll(() => listener.close());

  it("refuses connections over the cap of their address, and only of their address", async () => {
    const held = [await connect(listener.port), await connect(listener.port), await connect(listener.port)];
    await until(() => listener.connections() === 3);
    const over = await connect(listener.port);
    await over.closed;
    expect(over.received.length).toBe(0);
    expect(listener.counters.overAddressCap).toBe(1);

    // another address is not affected: a device from there logs in and is acknowledged
    const elsewhere = await connect(listener.port, "127.0.0.2");
    elsewhere.socket.write(Buffer.concat([encodeLogin(KNOWN_IMEI), PACKET]));
    expect(await elsewhere.bytes(5)).toEqual(Buffer.concat([Buffer.from("01", "hex"), ACK_ONE]));
    elsewhere.socket.destroy();

    // a slot that frees up is given to the next connection of that address
    held[0]!.socket.destroy();
    await until(() => listener.connections() === 2);
    const next = await connect(listener.port);
    next.socket.write(encodeLogin(KNOWN_IMEI));
    expect(await next.bytes(1)).toEqual(Buffer.from("01", "hex"));
    for (const d of [...held, next]) d.socket.destroy();
  });
});

describe("Teltonika TCP warnings under a flood", () => {
  it("logs one line per kind and interval, with how many happened since the last", async () => {
    const lines: { msg: string; eventsSinceLastLine?: number }[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const listener = await startStreamListener({ protocol: teltonikaTcp,
      host: "127.0.0.1",
      port: 0,
      sink: new Sink(),
      sessions: new DeviceSessions(),
      logger,
      logSampleMs: 1_000,
    });
    try {
      const refuseOne = async () => {
        const d = await connect(listener.port);
        d.socket.write(encodeLogin("111111111111111"));
        await d.closed;
      };
      for (let i = 0; i < 20; i++) await refuseOne();
      const refused = () => lines.filter((line) => line.msg === "tracker login refused: not a valid IMEI");
      expect(refused()).toHaveLength(1);
      expect(refused()[0]!.eventsSinceLastLine).toBe(1);
      await sleep(1_100);
      await refuseOne();
      expect(refused()).toHaveLength(2);
      expect(refused()[1]!.eventsSinceLastLine).toBe(20); // the 19 left out, and this one
    } finally {
      await listener.close();
    }
  });
});

describe.each(databaseKinds())("unknown IMEIs under attack on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("records unknown IMEIs at most so many a minute per address, and refuses them all", async () => {
    const directory = new TrackerDirectory(t.db, { unknownRecordsPerAddress: 3 });
    const sink: TrackerSink = { identify: (input) => directory.identify(input), ingest: async () => 0 };
    const listener = await listenerWith(sink, {});
    try {
      const scan = Array.from({ length: 6 }, (_, i) => imeiFrom(`4901542032${String(i).padStart(4, "0")}`));
      const loginFrom = async (imei: string, address: string) => {
        const d = await connect(listener.port, address);
        d.socket.write(encodeLogin(imei));
        const answer = await d.bytes(1);
        await d.closed;
        return answer.toString("hex");
      };
      for (const imei of scan) expect(await loginFrom(imei, "127.0.0.1")).toBe("00");
      const recorded = await t.db.unknownDevice.findMany({ where: { imei: { in: scan } } });
      expect(recorded.map((row) => row.imei).sort()).toEqual(scan.slice(0, 3));
      expect(directory.unrecordedUnknown).toBe(3);
      // another address has its own allowance
      expect(await loginFrom(scan[5]!, "127.0.0.3")).toBe("00");
      expect(await t.db.unknownDevice.count({ where: { imei: { in: scan } } })).toBe(4);
    } finally {
      await listener.close();
    }
  });

  it("keeps a bounded cache, and prunes unknown devices to the newest of the last 30 days", async () => {
    await t.db.unknownDevice.deleteMany({}); // this suite's own database: only what this test records
    const directory = new TrackerDirectory(t.db, { cacheMaxEntries: 5, unknownRecordsPerAddress: 100, unknownDevicesKept: 4 });
    const imeis = Array.from({ length: 8 }, (_, i) => imeiFrom(`8601542032${String(i).padStart(4, "0")}`));
    for (const imei of imeis) expect(await directory.identify({ imei, protocol: "teltonika", remoteAddress: "192.0.2.1" })).toBeNull();
    expect(directory.cached).toBe(5);

    const now = Date.now();
    // one long gone, the others seen in order: imeis[7] newest
    await t.db.unknownDevice.update({ where: { imei: imeis[0]! }, data: { lastSeenAt: new Date(now - 31 * 86_400_000) } });
    for (let i = 1; i < imeis.length; i++) {
      await t.db.unknownDevice.update({ where: { imei: imeis[i]! }, data: { lastSeenAt: new Date(now - (imeis.length - i) * 60_000) } });
    }
    expect(await directory.pruneUnknownDevices(new Date(now))).toBe(4);
    const left = await t.db.unknownDevice.findMany({ orderBy: { lastSeenAt: "asc" } });
    expect(left.map((row) => row.imei)).toEqual(imeis.slice(4));
  });
});
