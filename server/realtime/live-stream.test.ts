// The live stream end to end over real sockets (socket.io-client -> socket.io -> gateway -> hub), on both
// databases: every numbered rule of the spec's "Authentication > Live stream", "Standard versus detailed payload",
// "Events > Live stream messages", "Errors > Live stream" and the connection cap of spec-readings.md.
// Negative checks ("X is not delivered") publish X and then a marker on the same hub and wait for the marker: the
// hub delivers in publish order and one socket is one ordered stream, so X would have arrived first.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomId } from "../security/random";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import { toStandardPosition } from "../modules/positions/live-position";
import { revokeOAuthClient } from "../modules/oauth/revoke-oauth-client";
import { rotateOAuthClientSecret } from "../modules/oauth/rotate-oauth-client-secret";
import { issueAccessToken } from "../modules/oauth/issue-access-token";
import { updateAccountPlan } from "../modules/accounts/update-account-plan";
import { ManualClock } from "../testing/manual-clock";
import { livePosition, storeAssetState } from "../testing/stream-fixtures";
import { STANDARD_THROTTLE_MS } from "../modules/stream/stream-limits";
import { StreamRefusalCode } from "../modules/stream/stream-refusal";
import { signAccessToken, ACCESS_TOKEN_LIFETIME_SECONDS } from "../security/access-token";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { encodeLogin, encodeTcpPacket8E } from "../tracker/protocols/teltonika/avl-encoder";
import { startTrackerService } from "../tracker/tracker-service";
import { startStreamHarness, streamQuery, type StreamHarness } from "../testing/live-stream-harness";
import { freePort } from "../testing/free-port";
import { testImei } from "../testing/test-imei";

const STANDARD_FIELDS = ["assetId", "trackerImei", "latitude", "longitude", "speed", "course", "dateUpdated", "dateMoved", "wsSeq", "status"];

describe.each(databaseKinds())("live stream on %s", (kind) => {
  const t = useTestDatabase(kind);
  let harness: StreamHarness;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    harness = await startStreamHarness({ clock });
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** an account with its plan, a token, and assets with trackers */
  async function fleet(options: { plan?: "standard" | "detailed"; mobility?: boolean; driver?: boolean; assets?: number } = {}) {
    const account = await makeAccount("Stream");
    await t.db.account.update({
      where: { id: account.id },
      data: { plan: options.plan ?? "standard", addonMobility: options.mobility ?? false, addonDriver: options.driver ?? false },
    });
    const { token, id: oauthClientId } = await makeToken(account.id);
    const assets: number[] = [];
    for (let i = 0; i < (options.assets ?? 2); i++) assets.push((await makeAsset(account.id, `Van ${i}`)).id);
    return { account, token, oauthClientId, assets };
  }

  let seq = 1_000;
  const nextSeq = () => ++seq;
  const publish = (assetId: number, wsSeq = nextSeq(), extra: object = {}) => {
    const position = livePosition({ assetId, wsSeq, ...extra });
    void harness.hub.publish("position", position);
    return position;
  };

  describe("connecting", () => {
    it("answers the first location message with an array of the last known positions of the subscribed assets", async () => {
      const { token, assets } = await fleet({ assets: 3 });
      const stored = [livePosition({ assetId: assets[0]!, wsSeq: nextSeq() }), livePosition({ assetId: assets[2]!, wsSeq: nextSeq() })];
      for (const position of stored) await storeAssetState(position);
      const client = harness.connect(streamQuery(token, assets));
      const first = await client.first;
      // asset 1 has no position yet: not in the array
      expect(first).toEqual(stored.map(toStandardPosition));
      for (const frame of first) expect(Object.keys(frame as object).sort()).toEqual([...STANDARD_FIELDS].sort());
      expect((first[0] as { status: unknown }).status).toEqual({ name: "Moving", color: "#333333" });

      // later ones are single objects (rule 1)
      const live = publish(assets[1]!);
      expect(await client.frame(assets[1]!, live.wsSeq)).toEqual(toStandardPosition(live));
      client.close();
    });

    it("drops asset ids of other accounts and unknown ones silently (Authentication rule 2)", async () => {
      const mine = await fleet({ assets: 1 });
      const theirs = await fleet({ assets: 1 });
      await storeAssetState(livePosition({ assetId: theirs.assets[0]!, wsSeq: nextSeq() }));
      const client = harness.connect(streamQuery(mine.token, [theirs.assets[0], mine.assets[0], 99_999_999, "junk"]));
      expect(await client.first).toEqual([]);
      // the other account's asset is not subscribed: its positions never come, ours do
      publish(theirs.assets[0]!);
      const marker = publish(mine.assets[0]!);
      await client.frame(mine.assets[0]!, marker.wsSeq);
      expect(client.seqs(theirs.assets[0]!)).toEqual([]);
      client.close();
    });

    it("gives an empty stream, not an error, when no asset is left (Authentication rule 2)", async () => {
      const { token } = await fleet();
      const client = harness.connect(streamQuery(token, [123_456_789]));
      expect(await client.first).toEqual([]);
      expect(client.socket.connected).toBe(true);
      client.close();
    });

    it("accepts polling as well as WebSocket, and the token in a reused connection again (Authentication rule 5)", async () => {
      const { token, assets } = await fleet({ assets: 1 });
      const polling = harness.connect(streamQuery(token, assets), { transports: ["polling"] });
      expect(await polling.first).toEqual([]);
      polling.close();
      const again = harness.connect(streamQuery(token, assets));
      expect(await again.first).toEqual([]);
      again.close();
    });
  });

  describe("refusals (Authentication rule 1, Errors)", () => {
    it("refuses a missing, malformed, badly signed or expired token with a clear reason, never downgrading", async () => {
      const { account, token, assets } = await fleet();
      const cases: [Record<string, string | undefined>, string][] = [
        [{ asset_ids: "[1]" }, StreamRefusalCode.TOKEN_MISSING],
        [streamQuery("not-a-jwt", assets), StreamRefusalCode.TOKEN_INVALID],
        [streamQuery(token.slice(0, -4) + "AAAA", assets), StreamRefusalCode.TOKEN_INVALID],
      ];
      const { clientId } = await makeToken(account.id);
      const expired = await signAccessToken({
        clientId,
        accountId: account.id,
        scopes: ["stream:read"],
        issuedAt: Math.floor(Date.now() / 1000) - ACCESS_TOKEN_LIFETIME_SECONDS - 60,
      });
      cases.push([streamQuery(expired.token, assets), StreamRefusalCode.TOKEN_INVALID]);
      for (const [query, code] of cases) {
        const refusal = await harness.connect(query).refused();
        expect(refusal.data?.code).toBe(code);
        expect(refusal.message.length).toBeGreaterThan(10);
      }
    });

    it("refuses a token without the stream:read scope, and a missing or malformed asset_ids", async () => {
      const { account, token } = await fleet();
      const { token: narrow } = await makeToken(account.id, { scopes: ["assets:read"] });
      expect((await harness.connect(streamQuery(narrow, [1])).refused()).data?.code).toBe(StreamRefusalCode.INSUFFICIENT_SCOPE);
      expect((await harness.connect({ access_token: token }).refused()).data?.code).toBe(StreamRefusalCode.ASSET_IDS_INVALID);
      expect((await harness.connect({ access_token: token, asset_ids: "[1," }).refused()).data?.code).toBe(StreamRefusalCode.ASSET_IDS_INVALID);
    });

    it("refuses a revoked client's token at once and disconnects its open connections", async () => {
      const { account, token, oauthClientId, assets } = await fleet();
      const open = harness.connect(streamQuery(token, assets));
      await open.first; // validated and cached
      const disconnected = new Promise((resolve) => open.socket.once("disconnect", resolve));
      await revokeOAuthClient({ accountId: account.id, id: oauthClientId });
      await disconnected;
      expect((await harness.connect(streamQuery(token, assets)).refused()).data?.code).toBe(StreamRefusalCode.TOKEN_INVALID);
    });

    it("ends a client's connections when its secret is rotated, refuses the old token, and admits one issued with the new secret", async () => {
      const { account, token, oauthClientId, assets } = await fleet();
      const open = harness.connect(streamQuery(token, assets));
      await open.first;
      const disconnected = new Promise((resolve) => open.socket.once("disconnect", resolve));
      const rotated = await rotateOAuthClientSecret({ accountId: account.id, id: oauthClientId });
      await disconnected;
      expect((await harness.connect(streamQuery(token, assets)).refused()).data?.code).toBe(StreamRefusalCode.TOKEN_INVALID);
      const fresh = await issueAccessToken({ clientId: rotated.clientId, clientSecret: rotated.clientSecret });
      const again = harness.connect(streamQuery(fresh.access_token, assets));
      expect(await again.first).toEqual([]);
      again.close();
    });
  });

  describe("payloads and channels (Standard versus detailed payload)", () => {
    it("sends the standard payload when style=detailed is asked on a plan without the detailed tier, with no error", async () => {
      const { token, assets } = await fleet({ plan: "standard" });
      const client = harness.connect(streamQuery(token, assets, { style: "detailed" }));
      await client.first;
      const position = publish(assets[0]!);
      expect(await client.frame(assets[0]!, position.wsSeq)).toEqual(toStandardPosition(position));
      client.close();
    });

    it("sends the standard payload on the detailed plan without style=detailed", async () => {
      const { token, assets } = await fleet({ plan: "detailed" });
      const client = harness.connect(streamQuery(token, assets));
      await client.first;
      const position = publish(assets[0]!);
      expect(await client.frame(assets[0]!, position.wsSeq)).toEqual(toStandardPosition(position));
      client.close();
    });

    it("sends the complete record with the detailed plan and style=detailed, unthrottled", async () => {
      const { token, assets } = await fleet({ plan: "detailed" });
      const stored = livePosition({ assetId: assets[0]!, wsSeq: nextSeq() });
      await storeAssetState(stored);
      const client = harness.connect(streamQuery(token, assets, { style: "detailed" }));
      const [first] = (await client.first) as Record<string, unknown>[];
      expect(first).toMatchObject({ assetId: assets[0], wsSeq: stored.wsSeq, ioData: stored.ioData, geoPoint: stored.geoPoint });
      const burst = [publish(assets[0]!), publish(assets[0]!), publish(assets[0]!)];
      expect(await client.frame(assets[0]!, burst[2]!.wsSeq)).toEqual(burst[2]);
      expect(client.seqs(assets[0]!)).toEqual(burst.map((p) => p.wsSeq));
      client.close();
    });

    it("forwards alert, vehicle_health and driver_behavior unchanged, only as entitled, asked for and subscribed", async () => {
      const { account, token, assets } = await fleet({ plan: "detailed", mobility: true, driver: false });
      const other = await fleet({ plan: "detailed", mobility: true, driver: true });
      const client = harness.connect(streamQuery(token, [assets[0]], { style: "detailed", channels: "alert,vehicle_health,driver_behavior" }));
      const withoutChannels = harness.connect(streamQuery(token, [assets[0]], { style: "detailed" }));
      await Promise.all([client.first, withoutChannels.first]);
      const base = { version: 1 as const, accountId: account.id, assetId: assets[0]! };
      const alert = { ...base, alertId: 1, type: "overspeed", speed: 131 };
      const health = { ...base, externalVoltage: 13.9, dtc: ["P0300"] };
      // the gateway forwards whatever the producers publish (shapes: docs/alerts.md); these carry what routing needs
      // and a marker, so the test does not depend on the producers' code
      const send = (event: "alert" | "vehicle_health" | "driver_behavior", message: object) => void harness.hub.publish(event, message as never);
      send("alert", alert);
      send("vehicle_health", health);
      send("driver_behavior", { ...base, kind: "harsh_braking", score: 80 }); // no driver add-on
      send("alert", { ...base, assetId: assets[1]!, alertId: 2 }); // not subscribed
      send("alert", { ...base, accountId: other.account.id, assetId: other.assets[0]!, alertId: 3 }); // another account
      const marker = publish(assets[0]!);
      await Promise.all([client.frame(assets[0]!, marker.wsSeq), withoutChannels.frame(assets[0]!, marker.wsSeq)]);
      expect(client.eventsNamed("alert")).toEqual([alert]);
      expect(client.eventsNamed("vehicle_health")).toEqual([health]);
      expect(client.eventsNamed("driver_behavior")).toEqual([]);
      // location is the default channel; the others need asking
      expect(withoutChannels.events.map((e) => e.event)).toEqual(["location", "location"]);
      client.close();
      withoutChannels.close();
    });

    it("sends an entitled account's channels on a standard-payload connection as their own events; location frames keep the ten fields (Events rule 4)", async () => {
      const { account, token, assets } = await fleet({ plan: "detailed", mobility: true, driver: true });
      const client = harness.connect(streamQuery(token, assets, { channels: '["alert","vehicle_health","driver_behavior"]' }));
      await client.first;
      for (const event of ["alert", "vehicle_health", "driver_behavior"] as const) {
        void harness.hub.publish(event, { version: 1, accountId: account.id, assetId: assets[0]! } as never);
      }
      const marker = publish(assets[0]!);
      const frame = await client.frame(assets[0]!, marker.wsSeq);
      expect(client.events.map((e) => e.event)).toEqual(["location", "alert", "vehicle_health", "driver_behavior", "location"]);
      expect(Object.keys(frame).sort()).toEqual([...STANDARD_FIELDS].sort());
      client.close();
    });

    it("grants no channel but location to an account on the standard plan, whatever it asks (Authentication rule 3)", async () => {
      const { account, token, assets } = await fleet({ plan: "standard", mobility: true, driver: true });
      const client = harness.connect(streamQuery(token, assets, { style: "detailed", channels: "alert,vehicle_health,driver_behavior" }));
      await client.first;
      for (const event of ["alert", "vehicle_health", "driver_behavior"] as const) {
        void harness.hub.publish(event, { version: 1, accountId: account.id, assetId: assets[0]! } as never);
      }
      const marker = publish(assets[0]!);
      await client.frame(assets[0]!, marker.wsSeq);
      expect(client.events.map((e) => e.event)).toEqual(["location", "location"]);
      client.close();
    });
  });

  describe("plan changes (fleet account update)", () => {
    it("re-grants open connections at once: an upgrade brings the detailed payload and channels, a downgrade takes them away", async () => {
      const { account, token, assets } = await fleet({ plan: "standard" });
      const client = harness.connect(streamQuery(token, assets, { style: "detailed", channels: "alert" }));
      await client.first;
      const before = publish(assets[0]!);
      expect(await client.frame(assets[0]!, before.wsSeq)).toEqual(toStandardPosition(before));

      await updateAccountPlan({ accountId: account.id, plan: "detailed" });
      await expect
        .poll(async () => {
          // until the re-grant lands the connection is standard, whose frames are throttled per asset: past the
          // throttle each poll's frame is delivered either way, so the wait below cannot hang on a busy machine
          clock.advance(STANDARD_THROTTLE_MS);
          const position = publish(assets[0]!);
          return Object.keys(await client.frame(assets[0]!, position.wsSeq)).length;
        })
        .toBeGreaterThan(STANDARD_FIELDS.length);
      const alert = { version: 1 as const, accountId: account.id, assetId: assets[0]!, alertId: 7 };
      void harness.hub.publish("alert", alert as never);
      const marker = publish(assets[0]!);
      await client.frame(assets[0]!, marker.wsSeq);
      expect(client.eventsNamed("alert")).toEqual([alert]);

      await updateAccountPlan({ accountId: account.id, plan: "standard" });
      clock.advance(STANDARD_THROTTLE_MS); // the standard payload is throttled per asset again
      await expect
        .poll(async () => {
          clock.advance(STANDARD_THROTTLE_MS);
          const position = publish(assets[0]!);
          return Object.keys(await client.frame(assets[0]!, position.wsSeq)).sort();
        })
        .toEqual([...STANDARD_FIELDS].sort());
      void harness.hub.publish("alert", { ...alert, alertId: 8 } as never);
      clock.advance(STANDARD_THROTTLE_MS);
      const last = publish(assets[0]!);
      await client.frame(assets[0]!, last.wsSeq);
      expect(client.eventsNamed("alert")).toEqual([alert]); // the alert channel went with the detailed plan
      expect(client.socket.connected).toBe(true); // all without a reconnect
      client.close();
    });
  });

  describe("delivery rules (Events)", () => {
    it("drops out-of-order frames and duplicates per asset, ordering by wsSeq (rules 2 and 3)", async () => {
      const { token, assets } = await fleet({ plan: "detailed" });
      const client = harness.connect(streamQuery(token, assets, { style: "detailed" }));
      await client.first;
      const base = nextSeq();
      seq += 10;
      publish(assets[0]!, base + 5);
      publish(assets[0]!, base + 3); // older
      publish(assets[0]!, base + 5); // duplicate
      publish(assets[1]!, base + 4); // another asset: its own order
      publish(assets[0]!, base + 6, { dateUpdated: 0 }); // newer by wsSeq, whatever dateUpdated says
      await client.frame(assets[0]!, base + 6);
      expect(client.seqs(assets[0]!)).toEqual([base + 5, base + 6]);
      expect(client.seqs(assets[1]!)).toEqual([base + 4]);
      client.close();
    });

    it("keeps a connection's asset set for its life: a new set needs a reconnect with new asset_ids (rule 5)", async () => {
      const { token, assets } = await fleet({ plan: "detailed" });
      const first = harness.connect(streamQuery(token, [assets[0]], { style: "detailed" }));
      await first.first;
      first.socket.emit("subscribe", { asset_ids: [assets[1]] }); // no such message: ignored
      first.socket.emit("asset_ids", [assets[1]]);
      publish(assets[1]!);
      const marker = publish(assets[0]!);
      await first.frame(assets[0]!, marker.wsSeq);
      expect(first.seqs(assets[1]!)).toEqual([]);
      first.close();
      const second = harness.connect(streamQuery(token, [assets[1]], { style: "detailed" }));
      await second.first;
      const next = publish(assets[1]!);
      await second.frame(assets[1]!, next.wsSeq);
      second.close();
    });

    it("throttles the standard payload to one frame per asset per 25 s and sends the newest when the window opens (rule 4)", async () => {
      const { token, assets } = await fleet();
      const client = harness.connect(streamQuery(token, assets));
      await client.first;
      const p1 = publish(assets[0]!);
      await client.frame(assets[0]!, p1.wsSeq);
      clock.advance(1_000);
      const p2 = publish(assets[0]!);
      clock.advance(1_000);
      const p3 = publish(assets[0]!);
      const other = publish(assets[1]!); // its own window: goes out at once
      await client.frame(assets[1]!, other.wsSeq);
      expect(client.seqs(assets[0]!)).toEqual([p1.wsSeq]);
      clock.advance(STANDARD_THROTTLE_MS - 2_000); // the window opens: the newest goes out, p2 never
      expect(await client.frame(assets[0]!, p3.wsSeq)).toEqual(toStandardPosition(p3));
      const marker = publish(assets[1]!); // held: asset 1's own window is still closed
      clock.advance(STANDARD_THROTTLE_MS);
      await client.frame(assets[1]!, marker.wsSeq);
      expect(client.seqs(assets[0]!)).toEqual([p1.wsSeq, p3.wsSeq]);
      expect(client.seqs(assets[0]!)).not.toContain(p2.wsSeq);
      client.close();
    });

    it("coalesces to the newest frame per asset when a client stops reading, instead of growing its buffer", async () => {
      const { token, assets } = await fleet({ plan: "detailed" });
      const client = harness.connect(streamQuery(token, assets, { style: "detailed" }));
      await client.first;
      const engine = client.socket.io.engine as unknown as { transport: { ws: { _socket: net.Socket } } };
      const tcp = engine.transport.ws._socket;
      tcp.pause(); // the client stops reading; the kernel buffers fill, then the server's engine buffer
      const big = { ioData: { blob: "x".repeat(16_000) } as never };
      const serverSocket = [...harness.live.io.sockets.sockets.values()].find((s) => s.connected && s.id === client.socket.id)!;
      const buffered = () => (serverSocket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
      let published = 0;
      let maxBuffered = 0;
      for (; published < 20_000 && harness.gateway.stats().congested === 0; published++) {
        publish(assets[published % 2]!, nextSeq(), big);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(harness.gateway.stats().congested).toBe(1);
      const last: Record<number, number> = {};
      for (let i = 0; i < 500; i++, published++) {
        const position = publish(assets[i % 2]!, nextSeq(), big);
        last[position.assetId] = position.wsSeq;
        await new Promise((resolve) => setImmediate(resolve));
        maxBuffered = Math.max(maxBuffered, buffered());
      }
      expect(maxBuffered).toBeLessThanOrEqual(64); // the bound: frames beyond it were coalesced, not queued
      expect(harness.gateway.stats().heldPositions).toBeLessThanOrEqual(2); // one per asset
      tcp.resume();
      await Promise.all(assets.map((assetId) => client.frame(assetId, last[assetId]!)));
      const received = assets.flatMap((assetId) => client.seqs(assetId));
      expect(received.length).toBeLessThan(published);
      for (const assetId of assets) {
        const seqs = client.seqs(assetId);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b)); // still in order, never backwards
        expect(seqs.at(-1)).toBe(last[assetId]); // the newest arrived
      }
      client.close();
    }, 60_000);
  });

  describe("connection cap (spec-readings: one connection per account)", () => {
    beforeEach(async () => {
      // no connection of another test (even one that failed before closing its clients) counts here
      harness.live.io.disconnectSockets(true);
      while (harness.gateway.stats().connections > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    });

    it("refuses a connection over the cap with a clear reason and admits again once one closes", async () => {
      const { token, assets } = await fleet();
      const open = Array.from({ length: 5 }, () => harness.connect(streamQuery(token, assets)));
      await Promise.all(open.map((client) => client.first));
      const over = await harness.connect(streamQuery(token, assets)).refused();
      expect(over.data?.code).toBe(StreamRefusalCode.CONNECTION_LIMIT);
      expect(over.message).toMatch(/5 live-stream connections/);
      // another account is not affected
      const other = await fleet();
      const theirs = harness.connect(streamQuery(other.token, other.assets));
      await theirs.first;
      theirs.close();
      // a refused handshake took no slot; a closed connection gives its slot back
      open[0]!.close();
      while (harness.gateway.stats().connections > 4) await new Promise((resolve) => setTimeout(resolve, 10));
      const again = harness.connect(streamQuery(token, assets));
      await again.first;
      for (const client of [...open, again]) client.close();
    });
  });

  describe("handshake rate limit (per client address)", () => {
    it("refuses handshakes over the address's budget with RATE_LIMITED before the token is looked at", async () => {
      const limited = await startStreamHarness({
        clock,
        installHub: false,
        handshakeRateLimit: { name: `stream-handshake-test-${randomId(8)}`, points: 3, duration: 60 },
      });
      try {
        const { token, assets } = await fleet();
        for (let i = 0; i < 3; i++) {
          const client = limited.connect(streamQuery(token, assets));
          await client.first;
          client.close();
        }
        for (const query of [streamQuery(token, assets), streamQuery("not-a-token", assets)]) {
          const refused = await limited.connect(query).refused();
          expect(refused.data?.code).toBe(StreamRefusalCode.RATE_LIMITED);
          expect(refused.message).toMatch(/Too many connections from this address/);
        }
      } finally {
        await limited.close();
      }
    });
  });

  describe("through the real pipeline", () => {
    it("delivers a position a tracker sends over TCP, and serves it as the last known position afterwards", async () => {
      const { account, token } = await fleet({ plan: "detailed", assets: 0 });
      const imei = testImei();
      const { id: assetId } = await makeAsset(account.id, "Tracked van", imei);
      const port = await freePort();
      const trackers = await startTrackerService({
        prisma: t.db,
        sql: t.database.sql,
        hub: harness.hub,
        host: "127.0.0.1",
        teltonikaPort: port,
        embedded: kind === "embedded",
        logger: pino({ level: "silent" }),
      });
      try {
        const client = harness.connect(streamQuery(token, [assetId], { style: "detailed" }));
        expect(await client.first).toEqual([]);
        const fix = Date.now() - 5_000;
        const device = net.connect({ host: "127.0.0.1", port });
        const replies: Buffer[] = [];
        const reply = () => new Promise<Buffer>((resolve) => device.once("data", (chunk: Buffer) => resolve(chunk)));
        device.write(encodeLogin(imei));
        replies.push(await reply());
        device.write(
          encodeTcpPacket8E([
            { timestamp: fix, priority: 0, latitude: 54.6872, longitude: 25.2797, altitude: 110, angle: 90, satellites: 12, speed: 42, eventIoId: 0, io: { u8: { 239: 1, 240: 1 } } },
          ]),
        );
        replies.push(await reply());
        expect(replies[0]![0]).toBe(1);
        expect(replies[1]!.readUInt32BE(0)).toBe(1); // stored and acknowledged
        const frame = (await client.next((e) => e.event === "location" && !Array.isArray(e.payload))).payload as Record<string, unknown>;
        expect(frame).toMatchObject({ assetId, trackerImei: imei, latitude: 54.6872, longitude: 25.2797, speed: 42, dateUpdated: fix, protocol: "teltonika" });
        device.destroy();

        const standard = harness.connect(streamQuery(token, [assetId]));
        expect(await standard.first).toEqual([
          { assetId, trackerImei: imei, latitude: 54.6872, longitude: 25.2797, speed: 42, course: 90, dateUpdated: fix, dateMoved: fix, wsSeq: frame.wsSeq, status: { name: "Moving", color: "#333333" } },
        ]);
        // a node that never saw the live frame answers from the database: the open trip's trail comes from trips
        expect((frame.startStopTrip as { trail: unknown[] }).trail).toEqual([[25.2797, 54.6872, fix]]);
        const otherNode = await startStreamHarness({ installHub: false });
        try {
          const detailed = otherNode.connect(streamQuery(token, [assetId], { style: "detailed" }));
          const [snapshot] = (await detailed.first) as Record<string, unknown>[];
          expect(snapshot).toMatchObject({ assetId, wsSeq: frame.wsSeq, startStopTrip: frame.startStopTrip as object });
        } finally {
          await otherNode.close();
        }
        client.close();
        standard.close();
      } finally {
        await trackers.stop();
      }
    });
  });
});

