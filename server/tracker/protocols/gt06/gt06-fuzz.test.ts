// Fuzz: CRC-valid frames with random content (mutated published samples and our own), and random byte streams cut
// at random places, must never make the splitter or the decoder throw. Seeded, so a failure can be replayed.
import { describe, expect, it } from "vitest";
import { decodeFrame } from "./decoder";
import { encodeFrame } from "./encoder";
import { Gt06FrameSplitter } from "./frame";
import { PROTOCOL } from "./messages";
import { DECODER_SAMPLES } from "./published-samples";

/** mulberry32: a small seeded generator */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROTOCOLS = [...Object.values(PROTOCOL), 0x28, 0x2a, 0x69, 0x80];

describe("GT06 fuzz", () => {
  it("CRC-valid mutations of every sample and of random content decode or are rejected, never throw", () => {
    const next = random(0x6706);
    const samples = DECODER_SAMPLES.map(([, h]) => Buffer.from(h, "hex")).filter((b) => b.length >= 10);
    let messages = 0;
    let rejected = 0;
    for (let round = 0; round < 20_000; round++) {
      const base = samples[Math.floor(next() * samples.length)]!;
      const extended = base[0] === 0x79;
      const header = extended ? 4 : 3;
      let content = Buffer.from(base.subarray(header + 1, Math.max(header + 1, base.length - 6)));
      const mutation = next();
      if (mutation < 0.4) {
        for (let flips = 1 + Math.floor(next() * 4); flips > 0 && content.length > 0; flips--) {
          content[Math.floor(next() * content.length)] = Math.floor(next() * 256);
        }
      } else if (mutation < 0.6) {
        content = content.subarray(0, Math.floor(next() * content.length));
      } else if (mutation < 0.8) {
        content = Buffer.concat([content, Buffer.from(Array.from({ length: Math.floor(next() * 20) }, () => Math.floor(next() * 256)))]);
      } else {
        content = Buffer.from(Array.from({ length: Math.floor(next() * 60) }, () => Math.floor(next() * 256)));
      }
      const protocol = next() < 0.7 ? base[header]! : PROTOCOLS[Math.floor(next() * PROTOCOLS.length)]!;
      const frame = encodeFrame(protocol, content, Math.floor(next() * 65536), extended || content.length > 250);
      const result = decodeFrame(frame);
      if (result.kind === "message") messages++;
      else rejected++;
    }
    expect(messages + rejected).toBe(20_000);
    expect(messages).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  });

  it("random streams mixing frames and noise, cut at random places, never make the splitter throw", () => {
    const next = random(0x7878);
    const samples = DECODER_SAMPLES.map(([, h]) => Buffer.from(h, "hex"));
    // noise rich in start markers and stop bytes, the bytes that can mislead a splitter
    const tricky = () => [0x78, 0x79, 0x0d, 0x0a, Math.floor(next() * 256)][Math.floor(next() * 5)]!;
    const noise = () => Buffer.from(Array.from({ length: Math.floor(next() * 30) }, tricky));
    for (let round = 0; round < 500; round++) {
      const parts: Buffer[] = [];
      for (let i = 0; i < 10; i++) {
        parts.push(next() < 0.7 ? samples[Math.floor(next() * samples.length)]! : noise());
      }
      const stream = Buffer.concat(parts);
      const splitter = new Gt06FrameSplitter();
      for (let at = 0; at < stream.length; ) {
        const size = 1 + Math.floor(next() * 40);
        for (const frame of splitter.feed(stream.subarray(at, at + size))) {
          if (frame.kind === "frame") decodeFrame(frame.bytes);
        }
        at += size;
      }
      expect(splitter.pending).toBeLessThanOrEqual(stream.length);
    }
  });
});
