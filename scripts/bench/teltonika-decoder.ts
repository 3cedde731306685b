// Decoder speed: Codec 8E packets of 10 records with 22 IO elements each (a realistic FMB + LV-CAN200 record),
// decoded into record objects, against a baseline that walks the same bytes with plain Buffer reads and builds
// nothing. The ratio says what the decoder's objects and checks cost over touching the bytes.
import { encodeTcpPacket8E, type RecordToEncode } from "../../server/tracker/protocols/teltonika/avl-encoder";
import { decodeTcpPacket } from "../../server/tracker/protocols/teltonika/decoder";
import { round, type Bench } from "./types";

const RECORDS_PER_PACKET = 10;
const DURATION_MS = 2000;

function packet(): Buffer {
  const records: RecordToEncode[] = Array.from({ length: RECORDS_PER_PACKET }, (_, i) => ({
    timestamp: 1_795_000_000_000 + i * 1000,
    priority: 0,
    latitude: 54.6872 + i * 1e-4,
    longitude: 25.2797,
    altitude: 112,
    angle: 90,
    satellites: 12,
    speed: 48,
    eventIoId: 0,
    io: {
      u8: { 239: 1, 240: 1, 21: 4, 69: 1, 81: 48, 89: 62, 1: 0, 2: 0 },
      u16: { 66: 13_900, 67: 4_050, 181: 9, 182: 7, 84: 420, 85: 1_900, 115: 880, 90: 0 },
      u32: { 87: 123_456_789, 100: 1063, 199: 1500, 16: 98_765_432 },
      u64: { 78: 0n },
      hex: { 256: "57564d5a5a5a31323334353637383930" },
    },
  }));
  return encodeTcpPacket8E(records);
}

/** Walks a Codec 8E packet reading every field into locals, allocating nothing: the floor for any decoder. */
function baselineWalk(buf: Buffer): number {
  let o = 8;
  o++; // codec
  const count = buf[o++]!;
  let checksum = 0;
  for (let r = 0; r < count; r++) {
    checksum += buf.readUInt32BE(o + 4); // timestamp low
    o += 8 + 1;
    checksum += buf.readInt32BE(o) + buf.readInt32BE(o + 4) + buf.readInt16BE(o + 8) + buf.readUInt16BE(o + 10) + buf[o + 12]! + buf.readUInt16BE(o + 13);
    o += 15 + 2 + 2; // GPS, event id, total
    for (const size of [1, 2, 4, 8]) {
      const n = buf.readUInt16BE(o);
      o += 2;
      for (let i = 0; i < n; i++) {
        checksum += buf.readUInt16BE(o);
        checksum += size === 1 ? buf[o + 2]! : size === 2 ? buf.readUInt16BE(o + 2) : buf.readUInt32BE(o + 2 + (size === 8 ? 4 : 0));
        o += 2 + size;
      }
    }
    const nx = buf.readUInt16BE(o);
    o += 2;
    for (let i = 0; i < nx; i++) {
      const length = buf.readUInt16BE(o + 2);
      checksum += length;
      o += 4 + length;
    }
  }
  return checksum;
}

function recordsPerSecond(run: () => void): number {
  const warmUp = Date.now() + 300;
  while (Date.now() < warmUp) run();
  let packets = 0;
  const start = process.hrtime.bigint();
  const end = Date.now() + DURATION_MS;
  while (Date.now() < end) {
    for (let i = 0; i < 100; i++) run();
    packets += 100;
  }
  return (packets * RECORDS_PER_PACKET) / (Number(process.hrtime.bigint() - start) / 1e9);
}

export default {
  name: "teltonika-decoder",
  async run() {
    const bytes = packet();
    const check = decodeTcpPacket(bytes);
    if (check.kind !== "records" || check.records.length !== RECORDS_PER_PACKET) throw new Error("bench packet does not decode");
    let sink = 0;
    const decoder = recordsPerSecond(() => {
      const result = decodeTcpPacket(bytes);
      if (result.kind === "records") sink += result.records.length;
    });
    const baseline = recordsPerSecond(() => {
      sink += baselineWalk(bytes);
    });
    if (sink === 0) throw new Error("nothing decoded");
    return [
      { name: "decoder_codec8e_records_per_s", value: round(decoder, 0), unit: "records/s" },
      { name: "buffer_read_baseline_records_per_s", value: round(baseline, 0), unit: "records/s" },
      { name: "decoder_to_baseline_ratio", value: round(decoder / baseline, 2), unit: "ratio" },
    ];
  },
} satisfies Bench;
