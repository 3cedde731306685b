// A device moving between nodes: two pipelines on one database (each with its own wsSeq blocks and its own memory of
// the asset, as two server processes have), one hub hearing both. The device reports to A, then B, then A again
// with a buffered record from between. Every published position must be newer than the one before it, in time and
// in wsSeq, whatever node published it.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, type Hub } from "../../hub";
import type { LivePosition } from "../../modules/positions/live-position";
import { createAccount } from "../../modules/accounts/create-account";
import { createAsset } from "../../modules/assets/create-asset";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { DeviceSessions } from "../device-sessions";
import { encodeLogin, encodeTcpPacket8E } from "../protocols/teltonika/avl-encoder";
import { startStreamListener, type TcpListener } from "../stream-listener";
import { TrackerDirectory } from "../tracker-directory";
import { IngestPipeline } from "./ingest-pipeline";
import { PositionWriter } from "./position-writer";
import { WsSequence } from "./ws-sequence";
import { testImei } from "../../testing/test-imei";
import { teltonikaTcp } from "../protocols/teltonika/protocol";

/** logs in, sends each packet (fix times in ms) and waits for its acknowledgement, then disconnects */
async function report(port: number, imei: string, packets: number[][]) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const answer = () => new Promise<Buffer>((resolve) => socket.once("data", resolve));
  socket.write(encodeLogin(imei));
  expect((await answer())[0]).toBe(1);
  for (const times of packets) {
    socket.write(
      encodeTcpPacket8E(
        times.map((timestamp, i) => ({
          timestamp,
          priority: 0,
          latitude: 54.6872,
          longitude: 25.2797 + timestamp / 1e12 + i * 1e-5,
          altitude: 110,
          angle: 90,
          satellites: 12,
          speed: 30,
          eventIoId: 0,
          io: { u8: { 239: 1 } },
        })),
      ),
    );
    expect((await answer()).readUInt32BE(0)).toBe(times.length);
  }
  socket.destroy();
}

describe.each(databaseKinds())("a device moving between two nodes on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  const published: LivePosition[] = [];
  const listeners: TcpListener[] = [];

  beforeAll(async () => {
    hub = createMemoryHub();
    hub.subscribe("position", (position) => published.push(position));
    const logger = pino({ level: "silent" });
    for (let i = 0; i < 2; i++) {
      const pipeline = new IngestPipeline({
        sql: t.database.sql,
        hub,
        writer: new PositionWriter(t.database.sql),
        sequence: new WsSequence(t.db, 100),
        directory: new TrackerDirectory(t.db),
        logger,
      });
      listeners.push(await startStreamListener({ protocol: teltonikaTcp, host: "127.0.0.1", port: 0, sink: pipeline, sessions: new DeviceSessions(), logger }));
    }
  });
  afterAll(async () => {
    for (const listener of listeners) await listener.close();
    await hub?.close();
  });

  it("publishes every position newer than the last, in time and in wsSeq, on whichever node it arrives", async () => {
    const [a, b] = listeners as [TcpListener, TcpListener];
    const imei = testImei();
    const account = await createAccount({ name: "Handover" });
    const { id: assetId } = await createAsset({ accountId: account.id, name: "Van", imei });
    const t0 = Date.now() - 600_000;
    const s = (seconds: number) => t0 + seconds * 1000;

    await report(a.port, imei, [[s(0)], [s(10)]]); // node A reserves the lower block
    await report(b.port, imei, [[s(20)], [s(30)]]); // node B the higher one
    // back on A: a record buffered from between A's newest and B's, then a new one
    await report(a.port, imei, [[s(15), s(40)]]);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const mine = published.filter((p) => p.assetId === assetId);
    expect(mine.map((p) => p.dateUpdated)).toEqual([s(0), s(10), s(20), s(30), s(40)]);
    const seqs = mine.map((p) => p.wsSeq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!);

    const buffered = await t.db.position.findUniqueOrThrow({ where: { assetId_fixTime: { assetId, fixTime: new Date(s(15)) } } });
    expect(buffered.wsSeq).toBeNull(); // stored for history, never live
    const state = await t.db.assetState.findUniqueOrThrow({ where: { assetId } });
    expect(state.fixTime.getTime()).toBe(s(40));
    expect(Number(state.wsSeq)).toBe(seqs.at(-1));
    expect((state.payload as { wsSeq: number }).wsSeq).toBe(seqs.at(-1));
  });
});
