// The TCP listener over real sockets. The sink here records what the listener hands it, so each test controls
// exactly when storage "finishes" and can prove the acknowledgement waits for it.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeviceSessions } from "./device-sessions";
import type { TrackerRecord } from "./record";
import { testRecord } from "../testing/teltonika-test-device";
import { encodeTcpPacket8E } from "./protocols/teltonika/avl-encoder";
import { crc16Ibm } from "./protocols/teltonika/crc";
import { encodeCommand } from "./protocols/teltonika/encoder";
import { startStreamListener, type TcpListener } from "./stream-listener";
import type { KnownTracker, TrackerSink } from "./tracker-sink";
import { teltonikaTcp } from "./protocols/teltonika/protocol";

const hex = (s: string) => Buffer.from(s, "hex");
const CODEC8 = hex(
  "000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF",
);
const GETINFO_RESPONSE = hex(
  "00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F",
);
const KNOWN_IMEI = "356307042441013";

function login(imei: string) {
  const b = Buffer.alloc(2 + imei.length);
  b.writeUInt16BE(imei.length);
  b.write(imei, 2, "latin1");
  return b;
}

class RecordingSink implements TrackerSink {
  stored: TrackerRecord[][] = [];
  unknown: string[] = [];
  answers: string[] = [];
  fail = false;
  gate: Promise<void> = Promise.resolve();
  async identify({ imei }: { imei: string }): Promise<KnownTracker | null> {
    if (imei !== KNOWN_IMEI) {
      this.unknown.push(imei);
      return null;
    }
    return { trackerId: 7, assetId: 3, accountId: 1, imei, protocol: "teltonika" };
  }
  async ingest(_tracker: KnownTracker, records: TrackerRecord[]) {
    await this.gate;
    if (this.fail) throw new Error("database down");
    this.stored.push(records);
    return records.length;
  }
  commandResponse(_tracker: KnownTracker, text: string) {
    this.answers.push(text);
  }
}

/** a raw TCP client that collects every byte the server sends */
async function device(port: number) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = Buffer.alloc(0);
  const waiters: (() => void)[] = [];
  socket.on("data", (chunk) => {
    received = Buffer.concat([received, chunk]);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    socket,
    closed,
    get received() {
      return received;
    },
    /** waits until at least n bytes arrived in total */
    async bytes(n: number, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} bytes, got ${received.toString("hex")}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("Teltonika TCP listener", () => {
  const sink = new RecordingSink();
  const sessions = new DeviceSessions();
  let listener: TcpListener;

  beforeAll(async () => {
    listener = await startStreamListener({ protocol: teltonikaTcp,
      host: "127.0.0.1",
      port: 0,
      sink,
      sessions,
      logger: pino({ level: "silent" }),
      idleTimeoutMs: 1500,
      frameTimeoutMs: 500,
    });
  });
  afterAll(() => listener.close());

  it("refuses an unknown IMEI with 00 and closes", async () => {
    const d = await device(listener.port);
    d.socket.write(login("490154203237518"));
    expect(await d.bytes(1)).toEqual(hex("00"));
    await d.closed;
    expect(sink.unknown).toContain("490154203237518");
  });

  it("accepts a known IMEI with 01 and acknowledges records only after they are stored", async () => {
    const d = await device(listener.port);
    d.socket.write(login(KNOWN_IMEI));
    expect(await d.bytes(1)).toEqual(hex("01"));
    let release!: () => void;
    sink.gate = new Promise((resolve) => (release = resolve));
    const before = sink.stored.length;
    d.socket.write(CODEC8);
    await sleep(200);
    expect(d.received).toEqual(hex("01")); // nothing acknowledged while storage is pending
    release();
    expect(await d.bytes(5)).toEqual(hex("0100000001"));
    expect(sink.stored.length).toBe(before + 1);
    expect(sink.stored.at(-1)![0]!.timestamp).toBe(1560161086000);
    d.socket.destroy();
  });

  it("does not acknowledge a bad CRC and keeps the connection usable", async () => {
    const d = await device(listener.port);
    d.socket.write(login(KNOWN_IMEI));
    await d.bytes(1);
    const bad = Buffer.from(CODEC8);
    bad.writeUInt8(0x00, bad.length - 1);
    d.socket.write(bad);
    await sleep(200);
    expect(d.received).toEqual(hex("01"));
    d.socket.write(CODEC8);
    expect(await d.bytes(5)).toEqual(hex("0100000001"));
    d.socket.destroy();
  });

  it("does not acknowledge when storage fails, and recovers when it works again", async () => {
    const d = await device(listener.port);
    d.socket.write(login(KNOWN_IMEI));
    await d.bytes(1);
    sink.fail = true;
    d.socket.write(CODEC8);
    await sleep(200);
    expect(d.received).toEqual(hex("01"));
    sink.fail = false;
    d.socket.write(CODEC8); // the device resends
    expect(await d.bytes(5)).toEqual(hex("0100000001"));
    d.socket.destroy();
  });

  it("ignores 0xFF keep-alives and handles packets split across many writes", async () => {
    const d = await device(listener.port);
    d.socket.write(login(KNOWN_IMEI));
    await d.bytes(1);
    d.socket.write(hex("FF"));
    for (let i = 0; i < CODEC8.length; i += 5) {
      d.socket.write(CODEC8.subarray(i, i + 5));
      await sleep(2);
    }
    expect(await d.bytes(5)).toEqual(hex("0100000001"));
    d.socket.destroy();
  });

  it("closes on garbage and on a frame that never completes, and keeps serving others", async () => {
    const garbage = await device(listener.port);
    garbage.socket.write(login(KNOWN_IMEI));
    await garbage.bytes(1);
    garbage.socket.write(hex("DEADBEEFDEADBEEF"));
    await garbage.closed;

    const slow = await device(listener.port);
    slow.socket.write(login(KNOWN_IMEI));
    await slow.bytes(1);
    slow.socket.write(CODEC8.subarray(0, 20)); // then nothing: slow-loris
    await slow.closed;

    const fine = await device(listener.port);
    fine.socket.write(Buffer.concat([login(KNOWN_IMEI), CODEC8]));
    expect(await fine.bytes(5)).toEqual(hex("0100000001"));
    fine.socket.destroy();
  });

  it("closes idle connections", async () => {
    const d = await device(listener.port);
    d.socket.write(login(KNOWN_IMEI));
    await d.bytes(1);
    const started = Date.now();
    await d.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("sends a Codec 12 command on the session and resolves with the device's answer", async () => {
    const d = await device(listener.port);
    d.socket.write(login(KNOWN_IMEI));
    await d.bytes(1);
    await sleep(50);
    const session = sessions.get(7)!;
    expect(sessions.isOnline(7)).toBe(true);
    const answer = session.send("getinfo", 2000);
    const command = encodeCommand("getinfo");
    expect((await d.bytes(1 + command.length)).subarray(1)).toEqual(command);
    d.socket.write(GETINFO_RESPONSE);
    expect(await answer).toMatch(/^INI:2019\/7\/22/);
    d.socket.destroy();
    await d.closed;
    await sleep(50);
    expect(sessions.isOnline(7)).toBe(false);
  });

  it("acknowledges exactly what was stored of CRC-valid mutated packets, and keeps serving", async () => {
    // the data field is mutated and framed again with its true length and CRC, so each packet reaches the decoder:
    // whatever it makes of the packet, the device is acknowledged with the count stored, or not at all
    let seed = 42;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const outcomes = { acknowledged: 0, unacknowledged: 0 };
    for (let i = 0; i < 30; i++) {
      const d = await device(listener.port);
      d.socket.write(login(KNOWN_IMEI));
      await d.bytes(1);
      const data = Buffer.from(CODEC8.subarray(8, CODEC8.length - 4));
      for (let k = 0; k < 1 + random(2); k++) data[random(data.length)] = random(256);
      const packet = Buffer.alloc(data.length + 12);
      packet.writeUInt32BE(data.length, 4);
      data.copy(packet, 8);
      packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
      const stored = sink.stored.length;
      d.socket.write(packet);
      // a good packet after it, with a fix time of its own: once it is stored the mutated one was handled before it
      const marker = Date.UTC(2026, 0, 1, 0, 0, i);
      d.socket.write(encodeTcpPacket8E([testRecord(marker)]));
      const markerStored = () => sink.stored.slice(stored).some((records) => records.some((r) => r.timestamp === marker));
      for (let wait = 0; wait < 300 && !markerStored(); wait++) await sleep(10);
      const answer = await d.bytes(1 + 4 * (sink.stored.length - stored));
      const acks = [];
      for (let at = 1; at + 4 <= d.received.length; at += 4) acks.push(d.received.readUInt32BE(at));
      const storedNow = sink.stored.slice(stored).map((records) => records.length);
      expect(answer[0]).toBe(1);
      expect(acks).toEqual(storedNow); // one acknowledgement per stored packet, with its count, nothing else
      expect(acks.at(-1)).toBe(1);
      outcomes[acks.length === 2 ? "acknowledged" : "unacknowledged"]++;
      d.socket.destroy();
      await d.closed;
    }
    expect(outcomes.acknowledged).toBeGreaterThan(0); // both paths were taken
    expect(outcomes.unacknowledged).toBeGreaterThan(0);
    const d = await device(listener.port);
    d.socket.write(Buffer.concat([login(KNOWN_IMEI), CODEC8]));
    expect(await d.bytes(5)).toEqual(hex("0100000001"));
    d.socket.destroy();
  });
});
