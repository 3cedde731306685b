// A graceful stop of the Teltonika TCP and UDP listeners (operations.md "stops gracefully ... acknowledges what was
// stored"): a packet that is being stored when the stop begins is still acknowledged, and only then is the
// connection (or the UDP socket) closed; no new connection or datagram is taken meanwhile. The device is a real TCP client speaking real frames
// (TestDevice); the sink holds the store back until the test lets it finish.
import dgram from "node:dgram";
import net from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { DeviceSessions } from "./device-sessions";
import type { TrackerRecord } from "./record";
import { startStreamListener } from "./stream-listener";
import { startDatagramListener } from "./datagram-listener";
import { encodeUdpDatagram8E } from "./protocols/teltonika/avl-encoder";
import type { KnownTracker, TrackerSink } from "./tracker-sink";
import { TestDevice, testRecord } from "../testing/teltonika-test-device";
import { teltonikaTcp, teltonikaUdp } from "./protocols/teltonika/protocol";

const IMEI = "356307042441013";

class GatedSink implements TrackerSink {
  stored: TrackerRecord[][] = [];
  started = 0;
  private open!: () => void;
  readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  async identify({ imei }: { imei: string }): Promise<KnownTracker | null> {
    return { trackerId: 7, assetId: 3, accountId: 1, imei, protocol: "teltonika" };
  }
  async ingest(_tracker: KnownTracker, records: TrackerRecord[]) {
    this.started++;
    await this.gate;
    this.stored.push(records);
    return records.length;
  }
  finish() {
    this.open();
  }
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("graceful stop of the Teltonika listeners", () => {
  it("acknowledges the packet being stored when the stop begins, then closes the connection", async () => {
    const sink = new GatedSink();
    const listener = await startStreamListener({ protocol: teltonikaTcp,
      host: "127.0.0.1",
      port: 0,
      sink,
      sessions: new DeviceSessions(),
      logger: pino({ level: "silent" }),
    });
    const device = await TestDevice.connect(listener.port, IMEI);
    const acknowledged = device.send([testRecord(Date.now() - 60_000), testRecord(Date.now() - 30_000)]);
    await waitUntil(() => sink.started === 1, "the store to begin");

    const stopped = listener.close();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    // stopping: no new device gets in
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect({ host: "127.0.0.1", port: listener.port });
      probe.once("connect", () => {
        probe.destroy();
        resolve(false);
      });
      probe.once("error", () => resolve(true));
    });
    expect(refused).toBe(true);
    expect(stopDone).toBe(false); // still waiting for the store

    sink.finish();
    expect(await acknowledged).toBe(2); // stored, then acknowledged with what was stored
    await device.closed; // and only then closed
    await stopped;
    expect(sink.stored).toHaveLength(1);
  }, 30_000);

  it("acknowledges the UDP datagram being stored when the stop begins, and takes no datagram after it", async () => {
    const sink = new GatedSink();
    const listener = await startDatagramListener({ protocol: teltonikaUdp, host: "127.0.0.1", port: 0, sink, logger: pino({ level: "silent" }) });
    const device = dgram.createSocket("udp4");
    const replies: Buffer[] = [];
    device.on("message", (reply) => replies.push(reply));
    await new Promise<void>((resolve) => device.bind(0, "127.0.0.1", () => resolve()));
    const send = (packetId: number) =>
      new Promise<void>((resolve) =>
        device.send(encodeUdpDatagram8E(IMEI, packetId, packetId, [testRecord(Date.now() - packetId * 1000)]), listener.port, "127.0.0.1", () => resolve()),
      );
    try {
      await send(1);
      await waitUntil(() => sink.started === 1, "the store to begin");

      const stopped = listener.close();
      let stopDone = false;
      void stopped.then(() => (stopDone = true));
      await send(2); // arrives while stopping: not taken, not answered (the device resends it to the next server)
      await waitUntil(() => listener.counters.stopping === 1, "the late datagram to be turned away");
      expect(stopDone).toBe(false); // still waiting for the store

      sink.finish();
      await stopped;
      await waitUntil(() => replies.length > 0, "the acknowledgement");
      expect(replies.map((reply) => reply.toString("hex"))).toEqual(["0005000101" + "0101"]);
      expect(sink.started).toBe(1);
      expect(sink.stored).toHaveLength(1);
    } finally {
      device.close();
    }
  }, 30_000);
});
