import dgram from "node:dgram";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DecodedRecord } from "./protocols/teltonika/decoder";
import { startTeltonikaUdpListener, type UdpListener } from "./teltonika-udp-listener";
import type { KnownTracker, TrackerSink } from "./tracker-sink";

const hex = (s: string) => Buffer.from(s, "hex");
// AVL data of the vendor's Codec 8 sample (codec id .. second record count)
const AVL = hex(
  "08010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E000000000000000001",
);

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
  const stored: DecodedRecord[][] = [];
  const sink: TrackerSink = {
    identify: async ({ imei }) =>
      imei === "352093086403655" ? { trackerId: 1, assetId: 1, accountId: 1, imei, protocol: "teltonika" } : null,
    ingest: async (_t: KnownTracker, records) => {
      stored.push(records);
    },
  };
  let listener: UdpListener;
  const client = dgram.createSocket("udp4");
  const replies: Buffer[] = [];
  client.on("message", (m) => replies.push(m));

  beforeAll(async () => {
    listener = await startTeltonikaUdpListener({ host: "127.0.0.1", port: 0, sink, logger: pino({ level: "silent" }) });
    await new Promise<void>((resolve) => client.bind(0, "127.0.0.1", () => resolve()));
  });
  afterAll(async () => {
    client.close();
    await listener.close();
  });

  const send = (d: Buffer) => new Promise<void>((resolve) => client.send(d, listener.port, "127.0.0.1", () => resolve()));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("stores the records and acknowledges with packet id, AVL packet id and count", async () => {
    await send(datagram("352093086403655", 0xbeef, 0x11));
    for (let i = 0; i < 40 && replies.length === 0; i++) await sleep(25);
    expect(replies).toEqual([hex("0005BEEF011101")]);
    expect(stored).toHaveLength(1);
  });

  it("answers nothing to unknown devices and malformed datagrams", async () => {
    replies.length = 0;
    await send(datagram("111111111111111", 1, 1));
    await send(hex("0001FF"));
    const corrupt = datagram("352093086403655", 2, 2);
    corrupt.writeUInt8(0x09, corrupt.length - 1); // second record count differs
    await send(corrupt);
    await sleep(300);
    expect(replies).toEqual([]);
  });
});
