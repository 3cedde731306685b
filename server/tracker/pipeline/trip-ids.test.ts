import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { TripIds } from "./trip-ids";

describe.each(databaseKinds())("trip ids on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("hands out distinct ascending ids from the trips sequence, many at once in one reservation", async () => {
    const queries: string[] = [];
    const sql = {
      query: <T>(text: string, params: unknown[]) => {
        queries.push(text);
        return t.database.sql.query<T>(text, params);
      },
    };
    const ids = new TripIds(sql, 4);
    const burst = await Promise.all(Array.from({ length: 50 }, () => ids.next()));
    expect(new Set(burst).size).toBe(50);
    expect(queries).toHaveLength(1); // fifty trips starting together: one reservation, not thirteen blocks
    expect([...burst].sort((a, b) => a - b)).toEqual(burst);

    // another node reserving from the same sequence never gets the same ids
    const other = new TripIds(t.database.sql, 4);
    const theirs = await Promise.all([other.next(), other.next()]);
    expect(theirs.some((id) => burst.includes(id))).toBe(false);
    // and the database's own default continues after them
    const account = await t.db.account.create({ data: { key: `trip-ids-${kind}`, name: "Trip ids" } });
    const asset = await t.db.asset.create({ data: { accountId: account.id, name: "Van" } });
    const trip = await t.db.trip.create({ data: { assetId: asset.id, startedAt: new Date(), startLat: 0, startLng: 0, trail: [] } });
    expect(trip.id).toBeGreaterThan(Math.max(...burst, ...theirs));
  });
});
