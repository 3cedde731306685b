// The example client in examples/live-stream-client/, so it cannot rot: its pure logic (array-then-object, dedupe by
// (assetId, wsSeq), backoff, refusal handling), and the client itself against the real gateway, through a server-side
// disconnect (reconnects with the same token, no duplicate from the repeated first message) and a revoked token
// (asks for a new one, then reconnects), sending its token and parameters in socket.io's auth payload, never in the URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectLiveStream, type LiveStreamClient } from "../../examples/live-stream-client/live-stream-client";
import { PositionBook, type LocationFrame } from "../../examples/live-stream-client/position-book";
import { onRefusal, reconnectDelay } from "../../examples/live-stream-client/reconnect-policy";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import { revokeOAuthClient } from "../modules/oauth/revoke-oauth-client";
import { livePosition, storeAssetState } from "../testing/stream-fixtures";
import { StreamRefusalCode } from "../modules/stream/stream-refusal";
import { useTestDatabase } from "../testing/test-database";
import { startStreamHarness, type StreamHarness } from "../testing/live-stream-harness";

describe("example client logic", () => {
  const frame = (assetId: number, wsSeq: number) => ({ assetId, wsSeq, latitude: 1, longitude: 2, speed: 3, dateUpdated: wsSeq });

  it("applies the first message's array and later single objects, skipping duplicates and older frames", () => {
    const book = new PositionBook();
    expect(book.apply([frame(1, 10), frame(2, 11)]).map((f) => f.wsSeq)).toEqual([10, 11]);
    expect(book.apply(frame(1, 12)).map((f) => f.wsSeq)).toEqual([12]);
    expect(book.apply(frame(1, 12))).toEqual([]); // duplicate
    expect(book.apply(frame(1, 9))).toEqual([]); // older
    expect(book.apply([frame(1, 12), frame(2, 13)]).map((f) => f.wsSeq)).toEqual([13]); // a first message after a reconnect
    expect(book.get(1)?.wsSeq).toBe(12);
    expect(book.apply({ nonsense: true })).toEqual([]);
  });

  it("backs off exponentially with jitter up to the maximum", () => {
    const options = { initialMs: 1_000, maxMs: 30_000 };
    expect(reconnectDelay(0, options, () => 0)).toBe(500);
    expect(reconnectDelay(0, options, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, options, () => 1)).toBe(8_000);
    expect(reconnectDelay(50, options, () => 1)).toBe(30_000);
    expect(reconnectDelay(50, options, () => 0)).toBe(15_000);
  });

  it("retries, refreshes the token or stops depending on the refusal code", () => {
    expect(onRefusal(StreamRefusalCode.SERVICE_UNAVAILABLE)).toBe("retry");
    expect(onRefusal(StreamRefusalCode.CONNECTION_LIMIT)).toBe("retry");
    expect(onRefusal(StreamRefusalCode.RATE_LIMITED)).toBe("retry");
    expect(onRefusal(undefined)).toBe("retry");
    expect(onRefusal(StreamRefusalCode.TOKEN_INVALID)).toBe("refresh-token");
    for (const code of [StreamRefusalCode.TOKEN_MISSING, StreamRefusalCode.INSUFFICIENT_SCOPE, StreamRefusalCode.ASSET_IDS_INVALID]) {
      expect(onRefusal(code)).toBe("stop");
    }
    // every code the server can send is handled on purpose
    expect(Object.values(StreamRefusalCode).sort()).toEqual(
      ["ASSET_IDS_INVALID", "CONNECTION_LIMIT", "INSUFFICIENT_SCOPE", "RATE_LIMITED", "SERVICE_UNAVAILABLE", "TOKEN_INVALID", "TOKEN_MISSING"].sort(),
    );
  });
});

describe("example client against the real gateway", () => {
  useTestDatabase("embedded");
  let harness: StreamHarness;
  beforeAll(async () => {
    harness = await startStreamHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("reconnects with backoff after a server-side disconnect, reusing its token, and refreshes a revoked one", async () => {
    const account = await makeAccount("Example");
    const { id: assetId } = await makeAsset(account.id, "Van");
    const first = await makeToken(account.id);
    const second = await makeToken(account.id);
    await storeAssetState(livePosition({ assetId, wsSeq: 100 }));

    const seen: LocationFrame[] = [];
    const statuses: string[] = [];
    const waiters: (() => void)[] = [];
    const until = (check: () => boolean) =>
      new Promise<void>((resolve) => {
        const poll = () => (check() ? resolve() : waiters.push(poll));
        poll();
      });
    const wake = () => waiters.splice(0).forEach((waiter) => waiter());
    let refreshed = 0;
    // what each accepted connection sent: the token belongs in socket.io's auth payload, never in the URL's query
    const handshakes: { query: Record<string, unknown>; auth: Record<string, unknown> }[] = [];
    harness.live.io.on("connection", (socket) => handshakes.push({ query: { ...socket.handshake.query }, auth: socket.handshake.auth }));
    const client: LiveStreamClient = connectLiveStream({
      url: harness.url,
      token: first.token,
      assetIds: [assetId],
      backoff: { initialMs: 20, maxMs: 100 },
      refreshToken: async () => {
        refreshed++;
        return second.token;
      },
      onPositions: (frames) => {
        seen.push(...frames);
        wake();
      },
      onStatus: (status) => {
        statuses.push(status);
        wake();
      },
    });
    try {
      await until(() => seen.length === 1); // the first message
      void harness.hub.publish("position", livePosition({ assetId, wsSeq: 101 }));
      await until(() => seen.length === 2);

      // the server drops every socket: the client comes back by itself with the same token
      harness.live.io.disconnectSockets(true);
      await until(() => statuses.filter((s) => s === "connected").length === 2);
      expect(refreshed).toBe(0);
      void harness.hub.publish("position", livePosition({ assetId, wsSeq: 102 }));
      await until(() => seen.length === 3);

      // the token is revoked: the server disconnects, the reconnect is refused TOKEN_INVALID, a new token is fetched
      await revokeOAuthClient({ accountId: account.id, id: first.id });
      await until(() => statuses.filter((s) => s === "connected").length === 3);
      expect(refreshed).toBe(1);
      void harness.hub.publish("position", livePosition({ assetId, wsSeq: 103 }));
      await until(() => seen.length === 4);

      // the repeated first messages after each reconnect produced no duplicates
      expect(seen.map((f) => f.wsSeq)).toEqual([100, 101, 102, 103]);

      // every handshake carried the parameters in auth, the refreshed token after the refresh, and none in the query
      expect(handshakes.map(({ auth }) => auth)).toEqual([
        { access_token: first.token, asset_ids: [assetId] },
        { access_token: first.token, asset_ids: [assetId] },
        { access_token: second.token, asset_ids: [assetId] },
      ]);
      for (const { query } of handshakes) {
        expect(Object.keys(query).filter((name) => !["EIO", "transport", "t"].includes(name))).toEqual([]);
      }
    } finally {
      client.close();
    }
  });
});
