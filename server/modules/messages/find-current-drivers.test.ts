// The batched current-driver resolver on every database kind: a table of vehicles, each set up with one situation
// (identified keys, today's and other days' runs, cancelled runs, reassigned runs, routes, none), resolved all at once
// and one at a time with the same answers, in a constant number of queries whatever the number of vehicles; and a
// message to a group of 300 vehicles reaching its 300 drivers.
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { changeGroupAssets } from "../asset-groups/change-group-assets";
import { createAssetGroup } from "../asset-groups/create-asset-group";
import { makeAccount } from "../../testing/http-fixtures";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { findCurrentDriver } from "./find-current-driver";
import { findCurrentDrivers } from "./find-current-drivers";
import { sendMessage } from "./send-message";
import { countingReader } from "../../testing/counting-reader";

// Auckland is UTC+13 in November: 20:30 UTC on the 27th is 09:30 on the 28th there, so "today" is the 28th
const NOW = new Date("2026-11-27T20:30:00Z");
const TODAY = "2026-11-28";
const UTC_TODAY = "2026-11-27";

type Driver = "anna" | "ben" | "cara";
interface Setting {
  db: Db;
  accountId: number;
  vehicle: number;
  /** a vehicle of the same account the situation may point elsewhere to */
  elsewhere: number;
  drivers: Record<Driver, number>;
  route(fields: { assetId?: number | null; driverId?: number | null; startMinute?: number | null }): Promise<number>;
  run(fields: { routeId: number; date?: string; assetId?: number | null; driverId?: number | null; startMinute?: number | null; status?: "scheduled" | "cancelled" }): Promise<void>;
  key(key: string, authorised: { assetId?: number; keyId?: string; driverId: number | null } | null): Promise<void>;
}

const CASES: { name: string; expected: Driver | null; setUp?: (s: Setting) => Promise<void> }[] = [
  { name: "nothing names a driver", expected: null },
  { name: "the one route with a driver", expected: "anna", setUp: async (s) => void (await s.route({ driverId: s.drivers.anna })) },
  { name: "a route without a driver", expected: null, setUp: async (s) => void (await s.route({ driverId: null })) },
  {
    name: "two routes with drivers are ambiguous",
    expected: null,
    setUp: async (s) => {
      await s.route({ driverId: s.drivers.anna });
      await s.route({ driverId: s.drivers.ben });
    },
  },
  {
    name: "today's started run wins over the route's default driver",
    expected: "ben",
    setUp: async (s) => s.run({ routeId: await s.route({ driverId: s.drivers.anna, startMinute: 8 * 60 }), driverId: s.drivers.ben }),
  },
  {
    name: "a run without a driver of its own has the route's",
    expected: "anna",
    setUp: async (s) => {
      const routeId = await s.route({ driverId: s.drivers.anna, startMinute: 8 * 60 });
      await s.route({ driverId: s.drivers.ben }); // a second route: the default alone would be ambiguous
      await s.run({ routeId });
    },
  },
  {
    name: "of today's runs, the latest that has started",
    expected: "ben",
    setUp: async (s) => {
      await s.run({ routeId: await s.route({ startMinute: 7 * 60 }), driverId: s.drivers.anna });
      await s.run({ routeId: await s.route({ startMinute: 9 * 60 }), driverId: s.drivers.ben });
      await s.run({ routeId: await s.route({ startMinute: 11 * 60 }), driverId: s.drivers.cara });
    },
  },
  {
    name: "none started yet: the first of the day",
    expected: "cara",
    setUp: async (s) => {
      await s.run({ routeId: await s.route({ startMinute: 12 * 60 }), driverId: s.drivers.anna });
      await s.run({ routeId: await s.route({}), driverId: s.drivers.ben, startMinute: 14 * 60 });
      await s.run({ routeId: await s.route({ startMinute: 10 * 60 }), driverId: s.drivers.cara });
    },
  },
  {
    name: "a run without any start time counts as started at midnight",
    expected: "ben",
    setUp: async (s) => s.run({ routeId: await s.route({ startMinute: null }), driverId: s.drivers.ben }),
  },
  {
    name: "runs on other days (the UTC date included) are over or not yet: the route's default",
    expected: "anna",
    setUp: async (s) => {
      const routeId = await s.route({ driverId: s.drivers.anna });
      await s.run({ routeId, date: UTC_TODAY, driverId: s.drivers.ben });
      await s.run({ routeId, date: "2026-11-29", driverId: s.drivers.cara });
    },
  },
  {
    name: "a cancelled run does not count",
    expected: "anna",
    setUp: async (s) => s.run({ routeId: await s.route({ driverId: s.drivers.anna }), driverId: s.drivers.ben, status: "cancelled" }),
  },
  {
    name: "today's run moved to another vehicle no longer counts for its route's vehicle",
    expected: "anna",
    setUp: async (s) => s.run({ routeId: await s.route({ driverId: s.drivers.anna }), assetId: s.elsewhere, driverId: s.drivers.ben }),
  },
  {
    name: "today's run moved onto this vehicle from another's route",
    expected: "cara",
    setUp: async (s) => s.run({ routeId: await s.route({ assetId: s.elsewhere, driverId: s.drivers.ben }), assetId: s.vehicle, driverId: s.drivers.cara }),
  },
  {
    name: "the identified key, named by the vehicle's list, wins over runs and routes (whatever its case)",
    expected: "cara",
    setUp: async (s) => {
      await s.run({ routeId: await s.route({ driverId: s.drivers.anna }), driverId: s.drivers.ben });
      await s.key("00000000abcdef01", { keyId: "00000000ABCDEF01", driverId: s.drivers.cara });
    },
  },
  {
    name: "a key the vehicle's list does not know falls through to the run",
    expected: "ben",
    setUp: async (s) => {
      await s.run({ routeId: await s.route({}), driverId: s.drivers.ben });
      await s.key("00000000ABCDEF02", null);
    },
  },
  {
    name: "a key known only to another vehicle's list falls through",
    expected: "anna",
    setUp: async (s) => {
      await s.route({ driverId: s.drivers.anna });
      await s.key("00000000ABCDEF03", { assetId: s.elsewhere, keyId: "00000000ABCDEF03", driverId: s.drivers.cara });
    },
  },
  {
    name: "a listed key without a driver falls through",
    expected: "anna",
    setUp: async (s) => {
      await s.route({ driverId: s.drivers.anna });
      await s.key("00000000ABCDEF04", { keyId: "00000000ABCDEF04", driverId: null });
    },
  },
  { name: "a position without a key", expected: null, setUp: async (s) => s.key("", null) },
];


describe.each(databaseKinds())("current drivers on %s", (kind) => {
  const t = useTestDatabase(kind);
  useRecordingHub("private-channel.message");

  async function account() {
    const made = await makeAccount("Drivers");
    await t.db.account.update({ where: { id: made.id }, data: { timeZone: "Pacific/Auckland" } });
    const driver = async (name: string) => (await t.db.driver.create({ data: { accountId: made.id, name }, select: { id: true } })).id;
    return { id: made.id, drivers: { anna: await driver("Anna"), ben: await driver("Ben"), cara: await driver("Cara") } };
  }

  it("resolves a table of situations at once and one vehicle at a time alike", async () => {
    const { id: accountId, drivers } = await account();
    let routeNumber = 0;
    const vehicles: number[] = [];
    for (const [index, testCase] of CASES.entries()) {
      const vehicle = (await t.db.asset.create({ data: { accountId, name: `Case ${index}` }, select: { id: true } })).id;
      const elsewhere = (await t.db.asset.create({ data: { accountId, name: `Case ${index} elsewhere` }, select: { id: true } })).id;
      vehicles.push(vehicle);
      await testCase.setUp?.({
        db: t.db,
        accountId,
        vehicle,
        elsewhere,
        drivers,
        route: async (fields) =>
          (await t.db.route.create({ data: { accountId, routeNumber: `R${++routeNumber}`, assetId: vehicle, ...fields }, select: { id: true } })).id,
        run: async ({ date, ...fields }) => void (await t.db.run.create({ data: { accountId, date: date ?? TODAY, ...fields } })),
        key: async (key, authorised) => {
          await t.db.assetState.create({ data: { assetId: vehicle, positionId: 1n, fixTime: NOW, receivedAt: NOW, wsSeq: 1n, payload: { driverId: key } } });
          if (authorised) await t.db.authorisedDriver.create({ data: { accountId, assetId: authorised.assetId ?? vehicle, keyId: authorised.keyId ?? key, driverId: authorised.driverId, position: 0 } });
        },
      });
    }

    const name = (driverId: number | null | undefined) => (Object.entries(drivers).find(([, id]) => id === driverId)?.[0] as Driver | undefined) ?? null;
    const together = await findCurrentDrivers({ accountId, assetIds: vehicles, now: NOW });
    const expected = CASES.map((testCase) => [testCase.name, testCase.expected]);
    expect(CASES.map((testCase, index) => [testCase.name, name(together.get(vehicles[index]!))])).toEqual(expected);
    const alone: (Driver | null)[] = [];
    for (const vehicle of vehicles) alone.push(name(await findCurrentDriver({ accountId, assetId: vehicle, now: NOW })));
    expect(CASES.map((testCase, index) => [testCase.name, alone[index]])).toEqual(expected);
    expect(await findCurrentDrivers({ accountId, assetIds: [], now: NOW })).toEqual(new Map());
  });

  it("asks the database the same few times for 3 vehicles as for 300", async () => {
    const { id: accountId, drivers } = await account();
    const assets = await t.db.asset.createManyAndReturn({ data: Array.from({ length: 300 }, (_, i) => ({ accountId, name: `Bus ${i}` })), select: { id: true } });
    // a third by key, a third by today's run, a third by their route (every step of the rule is asked)
    const ids = assets.map((asset) => asset.id);
    for (const [i, assetId] of ids.entries()) {
      if (i % 3 === 0) {
        await t.db.assetState.create({ data: { assetId, positionId: 1n, fixTime: NOW, receivedAt: NOW, wsSeq: 1n, payload: { driverId: "00000000000000AA" } } });
        await t.db.authorisedDriver.create({ data: { accountId, assetId, keyId: "00000000000000AA", driverId: drivers.anna, position: 0 } });
      }
    }
    await t.db.route.createMany({ data: ids.filter((_, i) => i % 3 !== 0).map((assetId) => ({ accountId, routeNumber: `B${assetId}`, assetId, driverId: drivers.cara })) });
    const routes = await t.db.route.findMany({ where: { accountId, assetId: { in: ids.filter((_, i) => i % 3 === 1) } }, select: { id: true } });
    await t.db.run.createMany({ data: routes.map((route) => ({ accountId, routeId: route.id, date: TODAY, driverId: drivers.ben })) });

    const counted = async (assetIds: number[]) => {
      const { reader, count } = countingReader(t.db, ["assetState", "authorisedDriver", "account", "run", "route"]);
      const found = await findCurrentDrivers({ accountId, assetIds, now: NOW }, reader);
      return { found, queries: count() };
    };
    const few = await counted(ids.slice(0, 3));
    const many = await counted(ids);
    expect([...few.found.values()]).toEqual([drivers.anna, drivers.ben, drivers.cara]);
    expect(many.found.size).toBe(300);
    expect([few.queries, many.queries]).toEqual([5, 5]);
  });

  it("sends one message to each of the 300 drivers of a 300-vehicle group", async () => {
    const { id: accountId } = await account();
    const assets = await t.db.asset.createManyAndReturn({ data: Array.from({ length: 300 }, (_, i) => ({ accountId, name: `Coach ${i}` })), select: { id: true } });
    const drivers = await t.db.driver.createManyAndReturn({ data: Array.from({ length: 300 }, (_, i) => ({ accountId, name: `Driver ${i}` })), select: { id: true } });
    await t.db.route.createMany({ data: assets.map((asset, i) => ({ accountId, routeNumber: `C${i}`, assetId: asset.id, driverId: drivers[i]!.id })) });
    const fleet = await createAssetGroup({ accountId, body: { name: "Coaches" } });
    await changeGroupAssets({ accountId, groupId: fleet.id, change: "add", assetIds: assets.map((asset) => asset.id) });

    const sent = await sendMessage({ accountId, senderUserId: null, request: { group_id: fleet.id, body: "Snow tomorrow" }, now: NOW });
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((m) => m.driver_id))).toEqual(new Set(drivers.map((d) => d.id)));
    expect(sent.every((m, i) => m.status === "sent" && m.asset_id === assets[i]!.id)).toBe(true);
  });
});
