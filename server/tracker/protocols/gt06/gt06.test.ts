// Hex vectors: the examples of Concox's protocol documents (GT06 and JM-VL03 1.1.2, whose CRCs and acknowledgements
// this implementation reproduces byte for byte), the published samples of Traccar's GT06 tests
// (published-samples.ts), and frames of our own built with device-encoder.ts.
import { describe, expect, it } from "vitest";
import { crcItu } from "./crc-itu";
import { decodeFrame, type Gt06DecodeResult } from "./decoder";
import { encodeAlarm, encodeLocation, encodeLogin, encodeStatus } from "./device-encoder";
import { acknowledgementFor, encodeAcknowledgement, encodeFrame, encodeTimeResponse } from "./encoder";
import { Gt06FrameSplitter, MAX_EXTENDED_LENGTH } from "./frame";
import type { Gt06Message } from "./messages";
import { DECODER_SAMPLES, FRAME_SAMPLES } from "./published-samples";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

function decoded(frame: Buffer | string): Gt06Message {
  const result = decodeFrame(typeof frame === "string" ? hex(frame) : frame);
  if (result.kind !== "message") throw new Error(`rejected: ${result.reason}`);
  return result.message;
}

// JM-VL03 protocol 1.1.2 (Concox), examples of sections 1, 2, 3, 5 and 8
const VL03_LOGIN = "78781101075253367890024270003201000512790D0A";
const VL03_LOGIN_ACK = "7878050100059FF80D0A";
const VL03_HEARTBEAT = "78780A134004040001000FDCEE0D0A";
const VL03_HEARTBEAT_ACK = "787805130100E1A00D0A"; // the document answers serial 0x0100, not its heartbeat's 0x000F
const VL03_LOCATION = "787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A";
const VL03_ALARM = "787825260F0C1D030B26C9027AC8180C4658600004000901CC00287D001F718004041302000C472A0D0A";
const VL03_ALARM_ACK = "78780526001C9D860D0A"; // again a serial of its own (0x001C)
const VL03_TIME_REQUEST = "7878058A000688290D0A";
const VL03_TIME_RESPONSE = "78780B8A0F0C1D0000150006F0860D0A"; // 2015-12-29 00:00:21 UTC, serial 6
// GT06 protocol document (Concox), login example and the acknowledgements of sections 5.1.2 and 5.4.3
const GT06_LOGIN = "78780D01012345678901234500018CDD0D0A";
const GT06_LOGIN_ACK = "787805010001D9DC0D0A";
const GT06_STATUS_ACK_SERIAL_0X11 = "787805130011F9700D0A";

describe("CRC-ITU (CRC-16/X-25)", () => {
  it("gives the standard check value and the vendor's frame CRCs", () => {
    expect(crcItu(Buffer.from("123456789"))).toBe(0x906e);
    const login = hex(VL03_LOGIN);
    expect(crcItu(login, 2, login.length - 4)).toBe(login.readUInt16BE(login.length - 4));
  });

  it("a frame whose CRC does not match is rejected with both values in the reason", () => {
    const frame = hex(VL03_LOCATION);
    frame[10] = frame[10]! ^ 0x01; // one bit of the latitude
    const result = decodeFrame(frame);
    expect(result).toEqual({ kind: "rejected", reason: expect.stringMatching(/^CRC mismatch: frame says 0x2086, content gives 0x[0-9A-F]{4}$/) });
  });
});

describe("vendor examples", () => {
  it("login (JM-VL03): IMEI from BCD, type code, time zone GMT+8", () => {
    expect(decoded(VL03_LOGIN)).toEqual({
      type: "login",
      protocol: 0x01,
      serial: 5,
      imei: "752533678900242",
      typeCode: 0x7000,
      timezoneOffsetMinutes: 8 * 60,
    });
  });

  it("login (GT06): the short form without type code, IMEI 123456789012345", () => {
    expect(decoded(GT06_LOGIN)).toMatchObject({ type: "login", serial: 1, imei: "123456789012345", typeCode: undefined });
  });

  it("login acknowledgements equal the documents' bytes", () => {
    expect(acknowledgementFor(decoded(VL03_LOGIN), new Date())).toEqual(hex(VL03_LOGIN_ACK));
    expect(acknowledgementFor(decoded(GT06_LOGIN), new Date())).toEqual(hex(GT06_LOGIN_ACK));
  });

  it("heartbeat 0x13: terminal info, voltage level, GSM signal; acknowledged with protocol and serial", () => {
    const message = decoded(VL03_HEARTBEAT);
    expect(message).toEqual({
      type: "status",
      protocol: 0x13,
      serial: 0x0f,
      status: {
        terminal: { raw: 0x40, armed: false, ignition: false, charging: false, alarm: null, gpsTracking: true, outputCut: false },
        voltageLevel: 4,
        gsmSignal: 4,
        alarmCode: 0,
        language: 1,
      },
      alarm: null,
    });
    expect(acknowledgementFor(message, new Date())).toEqual(encodeAcknowledgement(0x13, 0x0f));
    expect(encodeAcknowledgement(0x13, 0x0100)).toEqual(hex(VL03_HEARTBEAT_ACK));
    expect(encodeAcknowledgement(0x13, 0x0011)).toEqual(hex(GT06_STATUS_ACK_SERIAL_0X11));
  });

  it("location 0x22: position checked by hand, cell, ACC and re-upload; no acknowledgement", () => {
    const message = decoded(VL03_LOCATION);
    // 0x027AC818 = 41,601,048 / 1,800,000 = 23.111693 N (the document's own division is off); 0x0C465860 = 205,936,736
    // / 1,800,000 = 114.409298 E; course/status 0x1400: fixed, north, east, course 0
    expect(message).toMatchObject({
      type: "location",
      protocol: 0x22,
      serial: 8,
      location: { fixTime: new Date("2015-12-29T02:51:05Z"), speed: 0, course: 0, satellites: 9, gpsFixed: true },
      cell: { mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1f71 },
      ignition: false,
      uploadMode: 0,
      reupload: true,
    });
    if (message.type !== "location") throw new Error("not a location");
    expect(message.location.latitude).toBeCloseTo(23.111693, 6);
    expect(message.location.longitude).toBeCloseTo(114.409298, 6);
    expect(acknowledgementFor(message, new Date())).toBeUndefined();
  });

  it("alarm 0x26: tamper (0x13) with the status block; acknowledged", () => {
    const message = decoded(VL03_ALARM);
    expect(message).toMatchObject({
      type: "alarm",
      protocol: 0x26,
      serial: 12,
      alarm: "tamper",
      alarmCode: 0x13,
      location: { fixTime: new Date("2015-12-29T03:11:38Z"), gpsFixed: false },
      status: { terminal: { outputCut: true, ignition: false }, voltageLevel: 4, gsmSignal: 4, language: 2 },
    });
    expect(acknowledgementFor(message, new Date())).toEqual(encodeAcknowledgement(0x26, 12));
    expect(encodeAcknowledgement(0x26, 0x1c)).toEqual(hex(VL03_ALARM_ACK));
  });

  it("time request 0x8A is answered with the UTC time and the request's serial, as the document shows", () => {
    const message = decoded(VL03_TIME_REQUEST);
    expect(message).toEqual({ type: "time-request", protocol: 0x8a, serial: 6 });
    expect(acknowledgementFor(message, new Date("2015-12-29T00:00:21Z"))).toEqual(hex(VL03_TIME_RESPONSE));
    expect(encodeTimeResponse(6, new Date("2015-12-29T00:00:21Z"))).toEqual(hex(VL03_TIME_RESPONSE));
  });
});

describe("published samples (Traccar's GT06 tests)", () => {
  const results = DECODER_SAMPLES.map(([outcome, sample]) => {
    const splitter = new Gt06FrameSplitter();
    const frames = splitter.feed(hex(sample));
    const decodedFrames = frames.map(
      (frame): Gt06DecodeResult => (frame.kind === "frame" ? decodeFrame(frame.bytes) : { kind: "rejected", reason: frame.reason }),
    );
    // a sample cut short (one lacks its final 0x0A) stays pending: on a connection it would wait for more bytes
    const waiting: Gt06DecodeResult[] =
      splitter.pending > 0 ? [{ kind: "rejected", reason: `${splitter.pending} bytes waiting for the rest of a frame` }] : [];
    return { outcome, sample, results: [...decodedFrames, ...waiting] };
  });

  it("every sample decodes or is rejected with a reason; none throws", () => {
    expect(results).toHaveLength(183);
    for (const { results: each } of results) {
      expect(each.length).toBeGreaterThan(0);
      for (const result of each) {
        if (result.kind === "rejected") expect(result.reason.length).toBeGreaterThan(10);
      }
    }
    const messages = results.flatMap((r) => r.results).filter((r) => r.kind === "message");
    expect(messages.length).toBeGreaterThanOrEqual(150);
  });

  it("outcomes per sample stay as documented in docs/gt06.md", () => {
    const counts: Record<string, number> = {};
    for (const { results: [first] } of results) {
      const outcome =
        first!.kind === "message"
          ? first!.message.type === "unsupported"
            ? "unsupported"
            : "decoded"
          : /^CRC mismatch/.test(first!.reason)
            ? "crc"
            : /waiting/.test(first!.reason)
              ? "waiting"
              : /garbage|length|stop/.test(first!.reason)
                ? "broken frame"
                : "rejected";
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    expect(counts).toEqual({ decoded: 68, unsupported: 84, crc: 12, "broken frame": 14, waiting: 2, rejected: 3 });
  });

  it("every login decodes to a 15-digit IMEI", () => {
    const logins = results.flatMap((r) => r.results).flatMap((r) => (r.kind === "message" && r.message.type === "login" ? [r.message] : []));
    expect(logins.map((l) => l.imei)).toEqual(["864717003283581", "863586038760942", "123456789012345", "353419036066061", "864717003664467"]);
  });

  it("positions checked by hand: north-east, south-west, the sample Traccar pins to 54.94535, 24.01762", () => {
    expect(decoded("78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a")).toMatchObject({
      type: "location",
      location: { fixTime: new Date("2015-10-20T14:21:11Z"), latitude: expect.closeTo(54.94535, 5), longitude: expect.closeTo(24.01762, 5), satellites: 5, gpsFixed: true },
      cell: { mcc: 246, mnc: 1, lac: 110, cellId: 21978 },
    });
    // Belo Horizonte: 0x022515D5 = 35,984,853 / 1,800,000 = 19.99159, 0x04B5DCD2 = 79,027,410 / 1,800,000 = 43.90412;
    // course/status 0x3808: bit 13 differential, bit 12 fixed, bit 11 west, bit 10 clear = south, course 8
    const southWest = decoded("7878251610051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba5006640201006759680d0a");
    expect(southWest).toMatchObject({ type: "alarm", alarm: "power-cut", alarmCode: 0x02 });
    if (southWest.type !== "alarm") throw new Error("not an alarm");
    expect(southWest.location.latitude).toBeCloseTo(-(0x022515d5 / 1_800_000), 9);
    expect(southWest.location.longitude).toBeCloseTo(-(0x04b5dcd2 / 1_800_000), 9);
    expect(southWest.location).toMatchObject({ fixTime: new Date("2016-05-27T15:28:52Z"), speed: 7, course: 8, satellites: 5, gpsFixed: true, differential: true });
  });

  it("an information frame (0x94) with the ICCID", () => {
    expect(decoded("79790020940a035985708236675805200502187214018966051912408052452f000355560d0a")).toMatchObject({
      type: "information",
      info: { kind: "iccid", imei: "359857082366758", iccid: "8966051912408052452" },
    });
  });

  it("a heartbeat 0x23 carries the battery voltage", () => {
    expect(decoded("78780B23C00122040001000818720D0A")).toMatchObject({
      type: "status",
      protocol: 0x23,
      status: { batteryVoltage: 2.9, gsmSignal: 4, terminal: { gpsTracking: true, outputCut: true } },
    });
  });

  it("a layout of another model (IMEI before the date) is rejected, not turned into a position at 638° latitude", () => {
    const result = decodeFrame(hex("78783c22010357789648774484180c06142038180c06142038cb03313ee4061fe98300185e090000000000000000460984284c000200000000017101d6f35d0d0a"));
    expect(result).toEqual({ kind: "rejected", reason: expect.stringContaining("out of range") });
  });

  it("Traccar's frame-decoder samples split without throwing", () => {
    for (const sample of FRAME_SAMPLES) {
      const splitter = new Gt06FrameSplitter();
      const frames = splitter.feed(hex(sample));
      expect(frames.length + splitter.pending).toBeGreaterThan(0);
    }
    // a well-formed one comes out whole
    expect(new Gt06FrameSplitter().feed(hex("78780d010352887071911998000479d00d0a"))).toEqual([
      { kind: "frame", bytes: hex("78780d010352887071911998000479d00d0a"), extended: false },
    ]);
  });
});

describe("frame splitter", () => {
  const login = encodeLogin("352887071911998", 1);
  const location = encodeLocation({ time: new Date("2026-11-24T20:00:00Z"), latitude: 54.6872, longitude: 25.2797, speed: 48, course: 90, satellites: 9 }, 2);
  const extended = hex("79790020940a035985708236675805200502187214018966051912408052452f000355560d0a");

  it("a frame fed one byte at a time comes out once, whole", () => {
    const splitter = new Gt06FrameSplitter();
    const frames = [...login].flatMap((byte) => splitter.feed(Buffer.of(byte)));
    expect(frames).toEqual([{ kind: "frame", bytes: login, extended: false }]);
    expect(splitter.pending).toBe(0);
  });

  it("merged frames, short and extended, come out in order; a partial one waits", () => {
    const splitter = new Gt06FrameSplitter();
    const stream = Buffer.concat([login, extended, location]);
    expect(splitter.feed(stream.subarray(0, stream.length - 5))).toEqual([
      { kind: "frame", bytes: login, extended: false },
      { kind: "frame", bytes: extended, extended: true },
    ]);
    expect(splitter.pending).toBe(location.length - 5);
    expect(splitter.feed(stream.subarray(stream.length - 5))).toEqual([{ kind: "frame", bytes: location, extended: false }]);
  });

  it("garbage before a frame is reported and skipped", () => {
    const frames = new Gt06FrameSplitter().feed(Buffer.concat([Buffer.from("GET / HTTP/1.1\r\n"), login]));
    expect(frames).toEqual([
      { kind: "invalid", reason: "16 byte(s) of garbage before a frame start" },
      { kind: "frame", bytes: login, extended: false },
    ]);
  });

  it("an oversize extended length is rejected without waiting for kilobytes that never come", () => {
    const head = Buffer.from([0x79, 0x79, 0xff, 0xff, 0x94]);
    const frames = new Gt06FrameSplitter().feed(Buffer.concat([head, login]));
    expect(frames[0]).toEqual({ kind: "invalid", reason: `oversize frame: length 65535 exceeds ${MAX_EXTENDED_LENGTH}` });
    expect(frames.at(-1)).toEqual({ kind: "frame", bytes: login, extended: false });
  });

  it("a length too short for a frame, or no stop bytes where the frame should end, is rejected and the stream resynchronises", () => {
    const tooShort = new Gt06FrameSplitter().feed(Buffer.concat([hex("78780201"), login]));
    expect(tooShort[0]).toEqual({ kind: "invalid", reason: "length 2 is shorter than the 5 bytes of an empty frame" });
    expect(tooShort.at(-1)).toEqual({ kind: "frame", bytes: login, extended: false });

    const noStop = Buffer.from(location);
    noStop.writeUInt16BE(0x0000, noStop.length - 2);
    const frames = new Gt06FrameSplitter().feed(Buffer.concat([noStop, login]));
    expect(frames[0]).toEqual({ kind: "invalid", reason: `no 0D 0A stop bytes where the length ${location[2]} says the frame ends` });
    expect(frames.at(-1)).toEqual({ kind: "frame", bytes: login, extended: false });
  });
});

describe("device frames round trip", () => {
  const fix = { time: new Date("2026-11-24T20:15:30Z"), latitude: -33.8688, longitude: -70.6693, speed: 87, course: 271, satellites: 11 };

  it("login, location 0x12 and 0x22, status and alarm decode to what was encoded", () => {
    expect(decoded(encodeLogin("356307042441013", 7))).toMatchObject({ type: "login", imei: "356307042441013", serial: 7, timezoneOffsetMinutes: 0 });
    for (const protocol of [0x12, 0x22] as const) {
      const message = decoded(encodeLocation(fix, 8, { protocol, ignition: true, mileage: 123_456 }));
      expect(message).toMatchObject({ type: "location", protocol, serial: 8, location: { fixTime: fix.time, speed: 87, course: 271, satellites: 11, gpsFixed: true } });
      if (message.type !== "location") throw new Error("not a location");
      expect(message.location.latitude).toBeCloseTo(fix.latitude, 6);
      expect(message.location.longitude).toBeCloseTo(fix.longitude, 6);
      if (protocol === 0x22) expect(message).toMatchObject({ ignition: true, mileage: 123_456 });
    }
    expect(decoded(encodeStatus({ ignition: true, charging: true, voltageLevel: 5, gsmSignal: 3, alarmCode: 0x02 }, 9))).toMatchObject({
      type: "status",
      alarm: "power-cut",
      status: { terminal: { ignition: true, charging: true, armed: false }, voltageLevel: 5, gsmSignal: 3 },
    });
    expect(decoded(encodeAlarm(fix, { alarmCode: 0x01, ignition: true }, 10))).toMatchObject({
      type: "alarm",
      protocol: 0x26,
      alarm: "sos",
      alarmCode: 1,
      status: { terminal: { ignition: true } },
    });
    expect(decoded(encodeAlarm(fix, { alarmCode: 0x77 }, 11, 0x16))).toMatchObject({
      type: "alarm",
      protocol: 0x16,
      alarm: "unknown",
      alarmCode: 0x77,
    });
  });

  it("an unknown protocol number is reported as unsupported with its content and serial, and not acknowledged", () => {
    const message = decoded(encodeFrame(0x28, Buffer.from("0102", "hex"), 0x42));
    expect(message).toEqual({ type: "unsupported", protocol: 0x28, serial: 0x42, content: Buffer.from("0102", "hex") });
    expect(acknowledgementFor(message, new Date())).toBeUndefined();
  });

  it("a supported protocol with content too short is rejected, not half decoded", () => {
    expect(decodeFrame(encodeFrame(0x12, Buffer.alloc(10), 1))).toEqual({ kind: "rejected", reason: "content of protocol 0x12 is too short (10 bytes)" });
  });
});
