// GT06 decoder speed: a TCP chunk of 100 location frames (0x22, a Concox VL-series record with cell and mileage) cut
// into frames and decoded into messages, CRC checked, against decoding alone and a baseline that reads the same
// fields with plain Buffer reads and builds nothing. GT06 carries one record per frame, so frames/s is records/s.
import { encodeLocation } from "../../server/tracker/protocols/gt06/device-encoder";
import { decodeFrame } from "../../server/tracker/protocols/gt06/decoder";
import { Gt06FrameSplitter } from "../../server/tracker/protocols/gt06/frame";
import { round, type Bench } from "./types";

const FRAMES_PER_CHUNK = 100;
const DURATION_MS = 2000;

function frames(): Buffer[] {
  return Array.from({ length: FRAMES_PER_CHUNK }, (_, i) =>
    encodeLocation(
      { time: new Date(1_795_000_000_000 + i * 1000), latitude: 54.6872 + i * 1e-4, longitude: 25.2797, speed: 48, course: 90, satellites: 9 },
      i + 1,
      { protocol: 0x22, ignition: true, mileage: 123_456 + i },
    ),
  );
}

/** Reads every field of a 0x22 frame into locals, without CRC or objects: the floor for any decoder. */
function baselineWalk(frame: Buffer): number {
  let sum = frame[2]! + frame[3]!; // length, protocol
  for (let o = 4; o < 10; o++) sum += frame[o]!; // date-time
  sum += frame[10]! + frame.readUInt32BE(11) + frame.readUInt32BE(15) + frame[19]! + frame.readUInt16BE(20); // GPS
  sum += frame.readUInt16BE(22) + frame[24]! + frame.readUInt16BE(25) + frame.readUIntBE(27, 3); // cell
  sum += frame[30]! + frame[31]! + frame[32]! + frame.readUInt32BE(33) + frame.readUInt16BE(37); // ACC .. serial
  return sum;
}

function recordsPerSecond(run: () => void): number {
  const warmUp = Date.now() + 300;
  while (Date.now() < warmUp) run();
  let chunks = 0;
  const start = process.hrtime.bigint();
  const end = Date.now() + DURATION_MS;
  while (Date.now() < end) {
    for (let i = 0; i < 20; i++) run();
    chunks += 20;
  }
  return (chunks * FRAMES_PER_CHUNK) / (Number(process.hrtime.bigint() - start) / 1e9);
}

export default {
  name: "gt06-decoder",
  async run() {
    const list = frames();
    const chunk = Buffer.concat(list);
    const check = new Gt06FrameSplitter().feed(chunk).map((f) => (f.kind === "frame" ? decodeFrame(f.bytes) : f));
    if (check.length !== FRAMES_PER_CHUNK || check.some((r) => r.kind !== "message")) throw new Error("bench frames do not decode");
    let sink = 0;
    const splitAndDecode = recordsPerSecond(() => {
      const splitter = new Gt06FrameSplitter();
      for (const frame of splitter.feed(chunk)) {
        if (frame.kind === "frame" && decodeFrame(frame.bytes).kind === "message") sink++;
      }
    });
    const decodeOnly = recordsPerSecond(() => {
      for (const frame of list) if (decodeFrame(frame).kind === "message") sink++;
    });
    const baseline = recordsPerSecond(() => {
      for (const frame of list) sink += baselineWalk(frame);
    });
    if (sink === 0) throw new Error("nothing decoded");
    return [
      { name: "gt06_split_and_decode_records_per_s", value: round(splitAndDecode, 0), unit: "records/s" },
      { name: "gt06_decode_records_per_s", value: round(decodeOnly, 0), unit: "records/s" },
      { name: "gt06_buffer_read_baseline_records_per_s", value: round(baseline, 0), unit: "records/s" },
      { name: "gt06_decoder_to_baseline_ratio", value: round(decodeOnly / baseline, 2), unit: "ratio" },
    ];
  },
} satisfies Bench;
