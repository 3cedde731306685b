import dgram from "node:dgram";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackerRecord } from "./record";
import { startDatagramListener, type UdpListener } from "./datagram-listener";
import type { KnownTracker, TrackerSink } from "./tracker-sink";
import { teltonikaUdp } from "./protocols/teltonika/protocol";

const hex = (s: string) => Buffer.from(s, "hex");
// AVL data of the vendor's Codec 8 sample (codec id .. second record count)
const AVL = hex(
  "08010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E000000000000000001",
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function datagram(imei: string, packetId: number, avlPacketId: number, avl = AVL) {
  const header = Buffer.alloc(8);
  header.writeUInt16BE(packetId, 2);
  header.writeUInt8(0x01, 4);
  header.writeUInt8(avlPacketId, 5);
  header.writeUInt16BE(imei.length, 6);
  const d = Buffer.concat([header, Buffer.from(imei, "latin1"), avl]);
  d.writeUInt16BE(d.length - 2, 0);
  return d;
}

describe("Teltonika UDP listener", () => {
  const stored: TrackerRecord[][] = [];
  const asked: string[] = [];
  const sink: TrackerSink = {
    identify: async ({ imei }) => {
      asked.push(imei);
      return imei === "352093086403655" ? { trackerId: 1, assetId: 1, accountId: 1, imei, protocol: "teltonika" } : null;
    },
    ingest: async (_t: KnownTracker, records) => {
      stored.push(records);
      return records.length;
    },
  };
  let listener: UdpListener;
  const client = dgram.createSocket("udp4");
  const replies: Buffer[] = [];
  client.on("message", (m) => replies.push(m));

  beforeAll(async () => {
    listener = await startDatagramListener({ protocol: teltonikaUdp, host: "127.0.0.1", port: 0, sink, logger: pino({ level: "silent" }) });
    await new Promise<void>((resolve) => client.bind(0, "127.0.0.1", () => resolve()));
  });
  afterAll(async () => {
    client.close();
    await listener.close();
  });

  const send = (d: Buffer) => new Promise<void>((resolve) => client.send(d, listener.port, "127.0.0.1", () => resolve()));

  it("stores the records and acknowledges with packet id, AVL packet id and count", async () => {
    await send(datagram("352093086403655", 0xbeef, 0x11));
    for (let i = 0; i < 40 && replies.length === 0; i++) await sleep(25);
    expect(replies).toEqual([hex("0005BEEF011101")]);
    expect(stored).toHaveLength(1);
  });

  it("answers nothing to unknown devices and malformed datagrams, and stores nothing of them", async () => {
    replies.length = 0;
    const storedBefore = stored.length;
    const { malformed, invalidImei } = listener.counters;
    await send(datagram("490154203237518", 1, 1)); // a valid IMEI nobody provisioned
    await send(datagram("111111111111111", 1, 1)); // not a valid IMEI: dropped before anyone is asked
    await send(hex("0001FF"));
    const corrupt = datagram("352093086403655", 2, 2);
    corrupt.writeUInt8(0x09, corrupt.length - 1); // second record count differs
    await send(corrupt);
    // every datagram was handled (the unknown one looked up, the others counted as dropped) before looking
    for (let i = 0; i < 100 && !(asked.includes("490154203237518") && listener.counters.malformed === malformed + 2); i++) await sleep(10);
    expect(asked).toContain("490154203237518");
    expect(asked).not.toContain("111111111111111");
    expect(listener.counters.malformed - malformed).toBe(2);
    expect(listener.counters.invalidImei - invalidImei).toBe(1);
    // a known device's answer after them: anything sent for the datagrams above would have arrived before it
    await send(datagram("352093086403655", 3, 3));
    for (let i = 0; i < 100 && replies.length === 0; i++) await sleep(10);
    expect(replies).toEqual([hex("00050003010301")]);
    expect(stored.length - storedBefore).toBe(1);
  });
});

describe("Teltonika UDP listener under a flood", () => {
  const KNOWN = ["352093086403655", "356307042441013"];
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const stored: string[] = [];
  const sink: TrackerSink = {
    identify: async ({ imei }) => (KNOWN.includes(imei) ? { trackerId: 1, assetId: 1, accountId: 1, imei, protocol: "teltonika" } : null),
    ingest: async (tracker: KnownTracker, records) => {
      await gate; // storage is slower than the sender
      stored.push(tracker.imei);
      return records.length;
    },
  };
  let listener: UdpListener;
  const client = dgram.createSocket("udp4");
  const replies: Buffer[] = [];
  client.on("message", (m) => replies.push(m));

  beforeAll(async () => {
    listener = await startDatagramListener({ protocol: teltonikaUdp,
      host: "127.0.0.1",
      port: 0,
      sink,
      logger: pino({ level: "silent" }),
      maxQueuedPerDevice: 4,
      maxQueuedTotal: 6,
    });
    await new Promise<void>((resolve) => client.bind(0, "127.0.0.1", () => resolve()));
  });
  afterAll(async () => {
    client.close();
    await listener.close();
  });

  const send = (d: Buffer) => new Promise<void>((resolve) => client.send(d, listener.port, "127.0.0.1", () => resolve()));

  it("keeps a few datagrams per device and a fixed number in all; the rest is dropped unanswered and counted", async () => {
    for (let id = 0; id < 10; id++) await send(datagram(KNOWN[0]!, id, id)); // 4 wait, 6 over the device's bound
    for (let id = 10; id < 20; id++) await send(datagram(KNOWN[1]!, id, id)); // 2 more fit in all, 8 over
    const handled = () => listener.counters.deviceQueueFull + listener.counters.totalQueueFull;
    for (let i = 0; i < 200 && handled() < 14; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listener.counters).toMatchObject({ deviceQueueFull: 6, totalQueueFull: 8, acknowledged: 0 });

    release(); // storage catches up: exactly the kept datagrams are stored and answered, in order per device
    for (let i = 0; i < 200 && replies.length < 6; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored.filter((imei) => imei === KNOWN[0])).toHaveLength(4);
    expect(stored.filter((imei) => imei === KNOWN[1])).toHaveLength(2);
    expect(replies.map((reply) => reply.readUInt16BE(2))).toEqual(expect.arrayContaining([0, 1, 2, 3, 10, 11]));
    expect(replies).toHaveLength(6);

    // with the queues empty again, the next datagram is taken
    gate = Promise.resolve();
    await send(datagram(KNOWN[1]!, 30, 30));
    for (let i = 0; i < 200 && replies.length < 7; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(replies.at(-1)!.readUInt16BE(2)).toBe(30);
  });
});
