// Hex vectors: the samples of Teltonika's public protocol documentation ("Codec" wiki pages), whose CRCs this
// implementation reproduces, plus our own edge cases.
import { describe, expect, it } from "vitest";
import { crc16Ibm } from "./crc";
import { decodeTcpPacket, decodeUdpDatagram, loginReply } from "./decoder";
import { encodeCommand } from "./encoder";
import { MAX_DATA_LENGTH, TeltonikaFrameSplitter } from "./frame";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

// Teltonika wiki, Codec 8, first example (1 record)
const CODEC8 = hex(
  "000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF",
);
// Teltonika wiki, Codec 8 Extended example
const CODEC8E = hex(
  "000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994",
);
// Teltonika wiki, Codec 16 example (2 records)
const CODEC16 = hex(
  "000000000000005F10020000016BDBC7833000000000000000000000000000000000000B05040200010000030002000B00270042563A00000000016BDBC7871800000000000000000000000000000000000B05040200010000030002000B00260042563A00000200005FB3",
);
// Teltonika wiki, Codec 12: "getinfo" command and the device's response
const GETINFO_COMMAND = hex("000000000000000F0C010500000007676574696E666F0100004312");
const GETINFO_RESPONSE = hex(
  "00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F",
);

/** Builds a TCP packet around an AVL data field, with a correct CRC unless told otherwise. */
function tcpPacket(data: Buffer, crc = crc16Ibm(data)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc);
  return Buffer.concat([head, data, tail]);
}

describe("CRC-16/IBM", () => {
  it("matches the standard check value and the vendor samples", () => {
    expect(crc16Ibm(Buffer.from("123456789"))).toBe(0xbb3d);
    expect(crc16Ibm(CODEC8, 8, CODEC8.length - 4)).toBe(0xc7cf);
    expect(crc16Ibm(CODEC8E, 8, CODEC8E.length - 4)).toBe(0x2994);
  });
});

describe("Codec 8", () => {
  it("decodes the vendor sample: one record with 1-, 2-, 4- and 8-byte IO elements", () => {
    const result = decodeTcpPacket(CODEC8);
    expect(result.kind).toBe("records");
    if (result.kind !== "records") return;
    expect(result.codec).toBe(0x08);
    expect(result.records).toHaveLength(1);
    expect(result.records[0]).toEqual({
      timestamp: 1560161086000,
      priority: 1,
      longitude: 0,
      latitude: 0,
      altitude: 0,
      angle: 0,
      satellites: 0,
      speed: 0,
      eventIoId: 1,
      io: { 21: 3, 1: 1, 66: 24079, 241: 24602, 78: 0 },
    });
    expect(result.reply).toEqual(hex("00000001"));
  });

  it("decodes coordinates, signed altitude, heading, satellites and speed", () => {
    const data = Buffer.alloc(2 + 8 + 1 + 15 + 6 + 1);
    let o = 0;
    o = data.writeUInt8(0x08, o);
    o = data.writeUInt8(1, o);
    o = data.writeUInt32BE(0x0000018c, o); // timestamp high
    o = data.writeUInt32BE(0x8a2e3c40, o); // timestamp low
    o = data.writeUInt8(2, o); // panic priority
    o = data.writeInt32BE(-98765432, o); // longitude -9.8765432
    o = data.writeInt32BE(537654321, o); // latitude 53.7654321
    o = data.writeInt16BE(-12, o); // altitude below sea level
    o = data.writeUInt16BE(359, o);
    o = data.writeUInt8(11, o);
    o = data.writeUInt16BE(87, o);
    o = data.writeUInt8(0, o); // event io
    for (let i = 0; i < 5; i++) o = data.writeUInt8(0, o); // total + four empty groups
    data.writeUInt8(1, o);
    const result = decodeTcpPacket(tcpPacket(data));
    expect(result.kind).toBe("records");
    if (result.kind !== "records") return;
    expect(result.records[0]).toMatchObject({
      timestamp: 0x18c * 0x100000000 + 0x8a2e3c40,
      priority: 2,
      longitude: -9.8765432,
      latitude: 53.7654321,
      altitude: -12,
      angle: 359,
      satellites: 11,
      speed: 87,
    });
  });
});

describe("Codec 8 Extended", () => {
  it("decodes the vendor sample with 2-byte ids and 8-byte values", () => {
    const result = decodeTcpPacket(CODEC8E);
    expect(result.kind).toBe("records");
    if (result.kind !== "records") return;
    expect(result.codec).toBe(0x8e);
    expect(result.records[0]).toMatchObject({
      timestamp: 1560166592000,
      priority: 1,
      eventIoId: 1,
      io: { 1: 1, 17: 29, 16: 22949000, 11: 893700218, 14: 500686954 },
    });
  });

  it("decodes variable-length (NX) elements as hex and large 8-byte values exactly", () => {
    // codec, count, timestamp, priority, GPS (15 zero bytes), event id, total, N1..N8, NX
    const parts = [
      "8E01",
      "0000018C8A2E3C40",
      "00",
      "00".repeat(15),
      "0000",
      "0002",
      "0000",
      "0000",
      "0000",
      "0001", // one 8-byte element
      "00EE", // id 238 (user id), 8 bytes
      "FFFFFFFFFFFFFFFF",
      "0001", // one NX element
      "0100", // id 256 (VIN)
      "0005",
      "5753303132", // "WS012"
      "01",
    ];
    const result = decodeTcpPacket(tcpPacket(hex(parts.join(""))));
    expect(result.kind).toBe("records");
    if (result.kind !== "records") return;
    expect(result.records[0]!.io).toEqual({ 238: "18446744073709551615", 256: "5753303132" });
  });
});

describe("Codec 16", () => {
  it("decodes the vendor sample: two records with generation type and 2-byte ids", () => {
    const result = decodeTcpPacket(CODEC16);
    expect(result.kind).toBe("records");
    if (result.kind !== "records") return;
    expect(result.codec).toBe(0x10);
    expect(result.records).toHaveLength(2);
    expect(result.records[0]).toMatchObject({
      timestamp: 1562760414000,
      priority: 0,
      eventIoId: 11,
      generationType: 5,
      io: { 1: 0, 3: 0, 11: 39, 66: 22074 },
    });
    expect(result.records[1]).toMatchObject({ timestamp: 1562760415000, io: { 11: 38 } });
    expect(result.reply).toEqual(hex("00000002"));
  });
});

describe("Codec 12", () => {
  it("encodes the vendor's getinfo command byte for byte", () => {
    expect(encodeCommand("getinfo")).toEqual(GETINFO_COMMAND);
  });

  it("decodes the device's response text", () => {
    const result = decodeTcpPacket(GETINFO_RESPONSE);
    expect(result).toEqual({
      kind: "command-response",
      codec: 0x0c,
      responses: [
        "INI:2019/7/22 7:22 RTC:2019/7/22 7:53 RST:2 ERR:1 SR:0 BR:0 CF:0 FG:0 FL:0 TU:0/0 UT:0 SMS:0 NOGPS:0:30 GPS:1 SAT:0 RS:3 RF:65 SF:1 MD:0",
      ],
    });
  });

  it("round-trips a program-number command through the response decoder shape", () => {
    const packet = encodeCommand("lvcansetprog 1234");
    expect(packet.readUInt32BE(0)).toBe(0);
    expect(packet.toString("latin1", 15, 15 + 17)).toBe("lvcansetprog 1234");
    expect(crc16Ibm(packet, 8, packet.length - 4)).toBe(packet.readUInt32BE(packet.length - 4));
  });
});

describe("rejections (never acknowledged, never thrown)", () => {
  it("rejects a bad CRC", () => {
    const bad = Buffer.from(CODEC8);
    bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0xff, bad.length - 1);
    expect(decodeTcpPacket(bad)).toEqual({ kind: "rejected", reason: "CRC mismatch" });
  });

  it("rejects mismatching record counts", () => {
    const data = Buffer.from(CODEC8.subarray(8, CODEC8.length - 4));
    data[data.length - 1] = 2; // second count says 2
    expect(decodeTcpPacket(tcpPacket(data))).toMatchObject({ kind: "rejected", reason: expect.stringMatching(/counts differ/) });
  });

  it("rejects a record count larger than the records present", () => {
    const data = Buffer.from(CODEC8.subarray(8, CODEC8.length - 4));
    data[1] = 5;
    data[data.length - 1] = 5;
    expect(decodeTcpPacket(tcpPacket(data))).toEqual({ kind: "rejected", reason: "packet is truncated" });
  });

  it("rejects unknown codecs and trailing bytes", () => {
    expect(decodeTcpPacket(tcpPacket(hex("FF0000")))).toMatchObject({ kind: "rejected", reason: "unsupported codec 0xff" });
    const data = Buffer.concat([CODEC8.subarray(8, CODEC8.length - 4), hex("00")]);
    expect(decodeTcpPacket(tcpPacket(data))).toMatchObject({ kind: "rejected", reason: expect.stringMatching(/unexpected bytes/) });
  });

  it("rejects every truncation of the samples", () => {
    for (const sample of [CODEC8, CODEC8E, CODEC16, GETINFO_RESPONSE]) {
      for (let cut = 0; cut < sample.length; cut++) {
        expect(decodeTcpPacket(sample.subarray(0, cut)).kind).toBe("rejected");
      }
    }
  });

  it("decodes or rejects, never throws, on CRC-valid mutations of the samples", () => {
    // the mutated data field is framed again with its true length and CRC, so every mutation reaches the decoder's
    // body: a byte flip caught by the CRC check would prove nothing about the parser
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const outcomes = { records: 0, "command-response": 0, rejected: 0 };
    for (const sample of [CODEC8, CODEC8E, CODEC16, GETINFO_RESPONSE]) {
      const field = sample.subarray(8, sample.length - 4);
      for (let round = 0; round < 2_500; round++) {
        let data = Buffer.from(field);
        for (let k = random(3) === 0 ? 2 : 1; k > 0; k--) data[random(data.length)] = random(256);
        if (random(10) === 0) data = data.subarray(0, 1 + random(data.length)); // cut short
        if (random(10) === 0) data = Buffer.concat([data, Buffer.from([random(256)])]); // grown
        const result = decodeTcpPacket(tcpPacket(data));
        outcomes[result.kind]++;
        if (result.kind === "rejected") expect(result.reason).not.toBe("CRC mismatch");
        if (result.kind === "records") {
          expect(result.records.length).toBe(data[1]); // as many records as the packet announced, each a number
          for (const record of result.records) {
            for (const value of [record.timestamp, record.latitude, record.longitude, record.speed]) expect(Number.isFinite(value)).toBe(true);
          }
        }
      }
    }
    // the mutations exercise every path: decoded records, decoded command answers and the parser's own rejections
    expect(outcomes.records).toBeGreaterThan(1_000);
    expect(outcomes["command-response"]).toBeGreaterThan(500);
    expect(outcomes.rejected).toBeGreaterThan(1_000);
  });
});

describe("TCP frame splitting", () => {
  const login = hex("000F333536333037303432343431303133"); // IMEI 356307042441013

  it("cuts the IMEI login, packets and pings however the bytes arrive", () => {
    const stream = Buffer.concat([login, CODEC8, hex("FF"), CODEC16]);
    for (const chunkSize of [1, 3, 7, stream.length]) {
      const splitter = new TeltonikaFrameSplitter();
      const frames = [];
      for (let i = 0; i < stream.length; i += chunkSize) frames.push(...splitter.feed(stream.subarray(i, i + chunkSize)));
      expect(frames.map((f) => f.kind)).toEqual(["imei", "packet", "ping", "packet"]);
      expect(frames[0]).toEqual({ kind: "imei", imei: "356307042441013" });
      expect(frames[1]).toEqual({ kind: "packet", bytes: CODEC8 });
      expect(splitter.pending).toBe(0);
    }
  });

  it("reports garbage, oversize lengths and bad logins as invalid instead of buffering forever", () => {
    expect(new TeltonikaFrameSplitter().feed(hex("0400"))).toEqual([{ kind: "invalid", reason: "bad IMEI length 1024" }]);
    expect(new TeltonikaFrameSplitter().feed(hex("0003414243"))).toEqual([{ kind: "invalid", reason: "IMEI is not numeric" }]);
    const oversize = Buffer.alloc(8);
    oversize.writeUInt32BE(MAX_DATA_LENGTH + 1, 4);
    const splitter = new TeltonikaFrameSplitter();
    splitter.feed(login);
    expect(splitter.feed(oversize)).toEqual([{ kind: "invalid", reason: `data length ${MAX_DATA_LENGTH + 1} out of range` }]);
    const garbage = new TeltonikaFrameSplitter();
    garbage.feed(login);
    expect(garbage.feed(hex("12345678"))).toEqual([{ kind: "invalid", reason: "missing preamble" }]);
  });
});

describe("UDP", () => {
  it("decodes the channel header and answers with packet id, AVL packet id and record count", () => {
    const avl = CODEC8.subarray(8, CODEC8.length - 4);
    const imei = Buffer.from("352093086403655", "latin1");
    const header = Buffer.alloc(8);
    header.writeUInt16BE(0xcafe, 2); // packet id
    header.writeUInt8(0x01, 4);
    header.writeUInt8(0x07, 5); // AVL packet id
    header.writeUInt16BE(imei.length, 6);
    const datagram = Buffer.concat([header, imei, avl]);
    datagram.writeUInt16BE(datagram.length - 2, 0);
    const decoded = decodeUdpDatagram(datagram);
    expect(decoded.imei).toBe("352093086403655");
    expect(decoded.result.kind).toBe("records");
    expect("reply" in decoded && decoded.reply).toEqual(hex("0005CAFE010701"));
  });

  it("rejects a datagram whose length field lies", () => {
    expect(decodeUdpDatagram(hex("00FF0001")).result.kind).toBe("rejected");
  });

  it("answers logins with 01 or 00", () => {
    expect(loginReply(true)).toEqual(hex("01"));
    expect(loginReply(false)).toEqual(hex("00"));
  });
});

describe("device-side encoder (simulator and tests)", () => {
  it("produces Codec 8E packets the decoder reads back exactly", async () => {
    const { encodeTcpPacket8E } = await import("./avl-encoder");
    const record = {
      timestamp: 1795313328837,
      priority: 1,
      longitude: 25.2797,
      latitude: 54.6872,
      altitude: 112,
      angle: 271,
      satellites: 14,
      speed: 63,
      eventIoId: 0,
      io: { u8: { 239: 1, 240: 1 }, u16: { 66: 13800 }, u32: { 87: 123456789 }, u64: { 238: 5n }, hex: { 256: "5753303132" } },
    };
    const result = decodeTcpPacket(encodeTcpPacket8E([record, { ...record, timestamp: record.timestamp + 1000 }]));
    expect(result.kind).toBe("records");
    if (result.kind !== "records") return;
    expect(result.records).toHaveLength(2);
    expect(result.records[0]).toEqual({
      ...record,
      io: { 239: 1, 240: 1, 66: 13800, 87: 123456789, 238: 5, 256: "5753303132" },
    });
  });
});
