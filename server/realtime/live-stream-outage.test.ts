// Spec "Authentication > Live stream" rule 4 with a real outage: the server reaches PostgreSQL through a TCP proxy
// that the test cuts (listener closed, every connection destroyed), so lookups fail as they would when the
// database host goes away. A token validated before the cut keeps connecting (its first message from the node's
// memory) for the stale window; a token never validated is refused (fail closed), and so is the validated one
// once its cached result is too old. After the proxy comes back, everything connects again.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, setDatabase, type Database } from "../db/client";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import { toStandardPosition } from "../modules/positions/live-position";
import { forgetOAuthClient } from "../modules/oauth/find-active-oauth-client";
import { ManualClock } from "../testing/manual-clock";
import { livePosition, storeAssetState } from "../testing/stream-fixtures";
import { STALE_WHILE_FAILING_MS, TOKEN_CACHE_FRESH_MS } from "../modules/stream/stream-limits";
import { StreamRefusalCode } from "../modules/stream/stream-refusal";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { TEST_POSTGRES_URL } from "../testing/services";
import { CuttableProxy } from "../testing/tcp-proxy";
import { startStreamHarness, streamQuery, type StreamHarness } from "../testing/live-stream-harness";

const postgresUp = inject("postgres");

describe.skipIf(!postgresUp)(
  `live stream through a database outage (PostgreSQL${postgresUp ? "" : `: skipped, not reachable at ${TEST_POSTGRES_URL}`})`,
  () => {
    let direct: TestDatabase;
    let proxied: Database;
    let proxy: CuttableProxy;
    let harness: StreamHarness;
    const clock = new ManualClock(Date.now());

    beforeAll(async () => {
      direct = await createTestDatabase("postgres"); // created and migrated directly
      const url = new URL(direct.url!);
      proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
      await proxy.open();
      url.host = `127.0.0.1:${proxy.port}`;
      proxied = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
      setDatabase(proxied); // everything the stream reads goes through the proxy
      harness = await startStreamHarness({ clock });
    }, 60_000);

    afterAll(async () => {
      await harness?.close();
      setDatabase(undefined);
      await proxied?.close().catch(() => {});
      await proxy?.cut();
      await direct?.close();
    });

    it("keeps admitting a validated token for a short outage, refuses unvalidated ones, and fails closed after", async () => {
      const account = await makeAccount("Outage");
      const { id: assetId } = await makeAsset(account.id, "Van");
      const position = livePosition({ assetId, wsSeq: 7 });
      await storeAssetState(position);
      const validated = await makeToken(account.id);
      const neverSeen = await makeToken(account.id);

      const before = harness.connect(streamQuery(validated.token, [assetId]));
      expect(await before.first).toEqual([toStandardPosition(position)]);
      before.close();

      await proxy.cut();
      // prove the cut: the database really is unreachable from the server's client
      await expect(proxied.ping()).rejects.toThrow();

      // within the token's fresh minute: admitted, first message from this node's memory
      const during = harness.connect(streamQuery(validated.token, [assetId]));
      expect(await during.first).toEqual([toStandardPosition(position)]);
      during.close();

      // past the fresh minute the token is looked up again, the lookup fails, and the cached result is served
      clock.advance(TOKEN_CACHE_FRESH_MS + 1_000);
      forgetOAuthClient(); // the OAuth module's own 30 s cache must not answer in the database's place
      const stale = harness.connect(streamQuery(validated.token, [assetId]));
      expect(await stale.first).toEqual([toStandardPosition(position)]);
      stale.close();

      // never validated: nothing cached, so refused (fail closed), never admitted unchecked
      const refused = await harness.connect(streamQuery(neverSeen.token, [assetId])).refused();
      expect(refused.data?.code).toBe(StreamRefusalCode.SERVICE_UNAVAILABLE);
      expect(refused.message).toMatch(/cannot be validated right now/);

      // once the cached result is older than the stale window, the validated token is refused too
      clock.advance(STALE_WHILE_FAILING_MS);
      forgetOAuthClient();
      const tooOld = await harness.connect(streamQuery(validated.token, [assetId])).refused();
      expect(tooOld.data?.code).toBe(StreamRefusalCode.SERVICE_UNAVAILABLE);

      // the database comes back: both tokens connect
      await proxy.open();
      for (const token of [validated.token, neverSeen.token]) {
        const after = harness.connect(streamQuery(token, [assetId]));
        expect(await after.first).toEqual([toStandardPosition(position)]);
        after.close();
      }
    }, 60_000);
  },
);
