// The batched writer on both databases: packets of many devices share one statement, and one packet the database
// refuses never takes the others down with it.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../modules/accounts/create-account";
import { createAsset } from "../../modules/assets/create-asset";
import { freePort } from "../../testing/free-port";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { PacketRefusedError, PositionWriter, type PacketWrite, type PositionRow } from "./position-writer";
import { testImei } from "../../testing/test-imei";

const T0 = Date.UTC(2026, 10, 22, 7, 0, 0);

function row(assetId: number, trackerId: number, offsetS: number, over: Partial<PositionRow> = {}): PositionRow {
  return {
    assetId,
    trackerId,
    fixTime: T0 + offsetS * 1000,
    receivedAt: T0 + offsetS * 1000 + 500,
    wsSeq: null,
    latitude: 54.6872,
    longitude: 25.2797,
    altitude: 110,
    speed: 30,
    course: 90,
    satellites: 12,
    priority: 0,
    eventIoId: 0,
    ignition: true,
    moving: true,
    odometer: null,
    street: null,
    town: null,
    country: null,
    avlIo: { 239: 1 },
    tripId: null,
    flag: null,
    ...over,
  };
}

describe.each(databaseKinds())("position writer on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("refuses only the packet the database rejects; the packets batched with it are stored", async () => {
    const account = await createAccount({ name: "Writer Test" });
    const assets = [];
    for (let i = 0; i < 7; i++) {
      const imei = testImei();
      const created = await createAsset({ accountId: account.id, name: `Van ${i}`, imei });
      assets.push({ assetId: created.id, trackerId: created.trackerId!, imei });
    }
    const writer = new PositionWriter(t.database.sql);
    const packets: PacketWrite[] = assets.map(({ assetId, trackerId, imei }, i) => ({
      owner: { assetId, trackerId, imei },
      // the fifth packet's altitude does not fit the column (SQLSTATE 22003)
      rows: [row(assetId, trackerId, 0), row(assetId, trackerId, 10, i === 4 ? { altitude: 3_000_000_000 } : {})],
      state: null,
      trips: [],
    }));
    // handed over in one turn of the event loop: one batch, one statement
    const results = await Promise.allSettled(packets.map((packet) => writer.write(packet)));

    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const refused = results[4] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(PacketRefusedError);
    for (const [i, result] of results.entries()) {
      if (result.status === "fulfilled") expect([...result.value.keys()]).toEqual([T0, T0 + 10_000]);
      const count = await t.db.position.count({ where: { assetId: assets[i]!.assetId } });
      expect(count).toBe(i === 4 ? 0 : 2); // the refused packet left nothing behind, not even its valid row
    }
  });
});

describe("position writer without its database", () => {
  it("refuses the whole batch when the database cannot be reached (the devices resend)", async () => {
    // a real client of a PostgreSQL address where nothing listens
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/fleetline` });
    const writer = new PositionWriter({ query: async (text, params) => (await pool.query(text, params)).rows });
    try {
      const results = await Promise.allSettled([1, 2, 3].map((i) => writer.write({ owner: { assetId: i, trackerId: i, imei: "350000000000000" }, rows: [row(i, i, 0)], state: null, trips: [] })));
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
      expect((results[0] as PromiseRejectedResult).reason).not.toBeInstanceOf(PacketRefusedError);
    } finally {
      await pool.end();
    }
  });
});
