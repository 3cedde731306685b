// Commands to a tracker connected to another node go through the Redis hub: the node holding the session writes the
// command and sends back the device's answer; a tracker no node holds is offline.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createRedisHub, setHub, type Hub } from "../hub";
import { createAsset } from "../modules/assets/create-asset";
import { CanAdapterDevice } from "../testing/can-adapter-device";
import { freePort } from "../testing/free-port";
import { TEST_REDIS_URL } from "../testing/services";
import { useTestDatabase } from "../testing/test-database";
import { testImei } from "../testing/test-imei";
import { createCommandGateway, type CommandGateway } from "./command-gateway";
import { DeviceSessions } from "./device-sessions";
import { startTrackerService, type TrackerService } from "./tracker-service";

const redisUp = inject("redis");

describe.skipIf(!redisUp)("command gateway across nodes (Redis hub)", () => {
  const t = useTestDatabase("embedded");
  let hubA: Hub;
  let hubB: Hub;
  let nodeA: TrackerService;
  let gatewayB: CommandGateway;
  let device: CanAdapterDevice;
  let trackerId: number;

  beforeAll(async () => {
    [hubA, hubB] = await Promise.all([createRedisHub(TEST_REDIS_URL), createRedisHub(TEST_REDIS_URL)]);
    setHub(hubA);
    nodeA = await startTrackerService({
      prisma: t.db,
      sql: t.database.sql,
      hub: hubA,
      host: "127.0.0.1",
      teltonikaPort: await freePort(),
      embedded: true,
      logger: pino({ level: "silent" }),
    });
    // node B holds no session of its own
    gatewayB = createCommandGateway({ sessions: new DeviceSessions(), hub: hubB });
    await Promise.all([hubA.ready(), hubB.ready()]);
    const imei = testImei();
    const account = await t.db.account.create({ data: { key: `gw-${Date.now()}`, name: "Gateway" } });
    trackerId = (await createAsset({ accountId: account.id, name: "Van", imei, adapter: "can-control" })).trackerId!;
    device = await CanAdapterDevice.connect(nodeA.tcpPort!, imei, { programNumber: 4321 });
  });
  afterAll(async () => {
    await device?.close();
    gatewayB?.stop();
    await nodeA?.stop();
    setHub(undefined);
    await Promise.all([hubA?.close(), hubB?.close()]);
  });

  it("finds the tracker on the other node and delivers the command there, with the device's answer", async () => {
    expect(await gatewayB.isOnline(trackerId)).toBe(true);
    const delivery = await gatewayB.deliver(trackerId, "lvcangetprog", 5_000);
    expect(delivery).not.toBeNull();
    expect(await delivery!.answer).toBe("CAN Program Nr: 4321");
    expect(device.commands).toEqual(["lvcangetprog"]);
  });

  it("keeps an answer that arrives in the same read from Redis as the claim", async () => {
    // a holder that claims and answers in one go, as a node does for a device answering at once: both replies are
    // published in the same tick, so node B's subscriber hears them back to back before its caller has resumed
    const holder = await createRedisHub(TEST_REDIS_URL);
    try {
      const stop = holder.subscribe("tracker.command.request", (request) => {
        if (request.trackerId !== 1_999_999_999 || request.command === null) return;
        void holder.publish("tracker.command.reply", { requestId: request.requestId, stage: "delivered" });
        void holder.publish("tracker.command.reply", { requestId: request.requestId, stage: "answered", text: "at once" });
      });
      await holder.ready();
      const delivery = await gatewayB.deliver(1_999_999_999, "getver", 2_000);
      expect(delivery).not.toBeNull();
      expect(await delivery!.answer).toBe("at once");
      stop();
    } finally {
      await holder.close();
    }
  });

  it("answers offline for a tracker no node holds", async () => {
    expect(await gatewayB.isOnline(2_000_000_000)).toBe(false);
    expect(await gatewayB.deliver(2_000_000_000, "lvcangetprog", 5_000)).toBeNull();
  });
});
