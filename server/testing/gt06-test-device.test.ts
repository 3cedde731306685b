// The GT06 test device against a small GT06 endpoint built from the protocol folder's own pieces (splitter, decoder,
// acknowledgements) on a real socket: the loop the tracker listener will run once it is wired, minus the database.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrame } from "../tracker/protocols/gt06/decoder";
import { acknowledgementFor } from "../tracker/protocols/gt06/encoder";
import { Gt06FrameSplitter } from "../tracker/protocols/gt06/frame";
import type { Gt06Message } from "../tracker/protocols/gt06/messages";
import { Gt06TestDevice, testFix } from "./gt06-test-device";
import { testImei } from "./test-imei";

const REFUSED_IMEI = "351234567890123";
const NOW = new Date("2026-11-24T21:00:00Z");

let server: net.Server;
let port: number;
const received: Gt06Message[] = [];
const arrivals: (() => void)[] = [];

/** resolves once the endpoint has decoded `count` messages in all */
function messagesReceived(count: number): Promise<Gt06Message[]> {
  return new Promise((resolve) => {
    const check = () => (received.length >= count ? resolve(received.slice(0, count)) : arrivals.push(check));
    check();
  });
}

beforeAll(async () => {
  server = net.createServer((socket) => {
    const splitter = new Gt06FrameSplitter();
    socket.on("error", () => {});
    socket.on("data", (chunk: Buffer) => {
      for (const frame of splitter.feed(chunk)) {
        if (frame.kind !== "frame") continue;
        const result = decodeFrame(frame.bytes);
        if (result.kind !== "message") continue;
        const message = result.message;
        if (message.type === "login" && message.imei === REFUSED_IMEI) {
          socket.destroy();
          return;
        }
        received.push(message);
        arrivals.splice(0).forEach((wake) => wake());
        const answer = acknowledgementFor(message, NOW);
        if (answer) socket.write(answer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("GT06 test device", () => {
  it("logs in, sends locations, heartbeat and alarm, asks the time; every acknowledgement carries its serial", async () => {
    const imei = testImei();
    const device = await Gt06TestDevice.connect(port, imei);
    const time = new Date("2026-11-24T20:59:00Z");
    expect(device.sendLocation(testFix(time))).toBe(2);
    expect(device.sendLocation(testFix(time, { latitude: -33.45, longitude: -70.66 }), { protocol: 0x12 })).toBe(3);
    expect(await device.heartbeat({ ignition: true, voltageLevel: 5 })).toMatchObject({ protocol: 0x13, serial: 4 });
    expect(await device.alarm(testFix(time), { alarmCode: 0x01 })).toMatchObject({ protocol: 0x26, serial: 5 });
    expect(await device.requestTime()).toEqual(NOW);
    expect(device.unsolicited).toEqual([]);

    const messages = await messagesReceived(6);
    expect(messages.map((m) => [m.type, m.serial])).toEqual([
      ["login", 1],
      ["location", 2],
      ["location", 3],
      ["status", 4],
      ["alarm", 5],
      ["time-request", 6],
    ]);
    expect(messages[0]).toMatchObject({ imei });
    expect(messages[2]).toMatchObject({ location: { latitude: expect.closeTo(-33.45, 5), longitude: expect.closeTo(-70.66, 5) } });
    expect(messages[4]).toMatchObject({ alarm: "sos" });
    device.destroy();
    await device.closed;
  });

  it("a login the server does not acknowledge makes connect reject", async () => {
    await expect(Gt06TestDevice.connect(port, REFUSED_IMEI)).rejects.toThrow(/not acknowledged: the server closed the connection/);
  });
});
