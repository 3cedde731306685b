// The dashboard's preview on every database kind: a dry run of the real importers that writes nothing, whose
// created / updated / left-out counts, items and errors match what the real import then does; a sheet of one line
// per stop whose bad line is reported with its own data-line number; the whole-call checks refuse as the import does.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { importRows } from "./import-rows";
import { previewImport } from "./preview-import";
import { parseCsvTable } from "./sheet/parse-csv-table";
import { sheetToRows } from "./sheet/sheet-to-rows";

describe.each(databaseKinds())("import preview on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup() {
    const account = await createAccount({ name: `Preview ${Math.random()}` });
    const user = await t.db.user.create({ data: { email: `office-${Math.random()}@example.com`, name: "Office" }, select: { id: true } });
    await createAsset({ accountId: account.id, name: "Bus 12", plate: "ABC 123" });
    const count = async () => ({
      routes: await t.db.route.count({ where: { accountId: account.id } }),
      stops: await t.db.routeStop.count({ where: { route: { accountId: account.id } } }),
      passengers: await t.db.passenger.count({ where: { accountId: account.id } }),
      jobs: await t.db.importJob.count({ where: { accountId: account.id } }),
    });
    const importSheet = (target: "routes" | "passengers", csv: string, map: Record<string, string>) =>
      importRows({ accountId: account.id, userId: user.id, source: "upload", label: "sheet.csv", body: { target, rows: sheetToRows(target, parseCsvTable(csv), map).rows } });
    const preview = (target: "routes" | "passengers", csv: string, map: Record<string, string>) =>
      previewImport({ accountId: account.id, body: { target, rows: sheetToRows(target, parseCsvTable(csv), map).rows } });
    return { account, count, importSheet, preview };
  }

  const ROUTES_CSV = [
    "Route #,Route name,Plate,Stop,Lat,Time,Kind",
    "R1,Morning,abc123,Oak Street,54.68,07:20,pick-up", // line 2: row 1
    "R1,,,Mill Lane,54.69,15,", // line 3: row 2
    "R1,,,School,,,drop-off", // line 4: row 3
    "R2,Bad,,Gate,95,,", // line 5: row 4, a latitude out of range leaves R2 out
    "R3,Unknown bus,NOPE 1,Depot,,,", // line 6: row 5, a vehicle not in the account
    ",,,,,,", // line 7: row 6, blank: skipped
    "R1,,,Library,,,", // line 8: row 7, R1's fourth stop, scattered
  ].join("\n");
  const ROUTES_MAP = { route_number: "Route #", route_name: "Route name", vehicle: "Plate", "stops.name": "Stop", "stops.lat": "Lat", "stops.time": "Time", "stops.kind": "Kind" };

  it("predicts created and left-out routes without writing anything, and the import then does exactly that", async () => {
    const { count, importSheet, preview } = await setup();
    const before = await count();
    const predicted = await preview("routes", ROUTES_CSV, ROUTES_MAP);
    expect(await count()).toEqual(before);

    expect(predicted.rows).toBe(7);
    expect(predicted.stats).toEqual({ created: 1, updated: 0, skipped: 1, failed: 2 });
    expect(predicted.items.map(({ row, span, action, label }) => [row, span, action, label])).toEqual([
      [1, 4, "created", "Route R1 · Morning · 4 stops"],
      [5, 1, "failed", "Route R2 · Bad · 1 stop"],
      [6, 1, "failed", "Route R3 · Unknown bus · 1 stop"],
      [7, 1, "skipped", "Route (empty) · 0 stops"],
    ]);
    expect(predicted.errors).toEqual([
      { row: 5, field: "stops.lat", reason: expect.stringMatching(/lat/) },
      { row: 6, field: "vehicle", reason: expect.stringMatching(/NOPE 1.*not a plate or name/) },
    ]);

    const { result } = await importSheet("routes", ROUTES_CSV, ROUTES_MAP);
    expect(result).toMatchObject({ status: "done", source: "upload", rows: predicted.rows, stats: predicted.stats, errors: predicted.errors });
    const after = await count();
    expect(after).toEqual({ routes: 1, stops: 4, passengers: 0, jobs: before.jobs + 1 });
    expect(await t.db.importJob.findFirstOrThrow({ where: { id: result.id }, select: { label: true } })).toEqual({ label: "sheet.csv" });

    // imported once, the same sheet previews as an update, and still writes nothing
    const again = await preview("routes", ROUTES_CSV, ROUTES_MAP);
    expect(again.stats).toEqual({ created: 0, updated: 1, skipped: 1, failed: 2 });
    expect(await count()).toEqual(after);
  });

  it("numbers a left-out stop line by its data line when each route's lines are together", async () => {
    const { preview } = await setup();
    const csv = ["Route,Stop,Lat", "R1,A,1", "R1,B,2", "R2,C,3", "R2,D,not a number", "R3,E,4"].join("\n");
    const predicted = await preview("routes", csv, { route_number: "Route", "stops.name": "Stop", "stops.lat": "Lat" });
    // line 5 of the sheet is its fourth data line: row 4
    expect(predicted.errors).toEqual([{ row: 4, field: "stops.lat", reason: expect.any(String) }]);
    expect(predicted.stats).toEqual({ created: 2, updated: 0, skipped: 0, failed: 1 });
  });

  it("sees what earlier rows of the same call would write: a passenger named twice is created, then updated", async () => {
    const { importSheet, preview, count } = await setup();
    await importSheet("routes", "Route,Stop\nR1,Oak\nR1,School", { route_number: "Route", "stops.name": "Stop" });
    const csv = ["ID,Route,Name,Pickup", "P1,R1,Ada,oak", "P1,R1,Ada L.,OAK", "P2,R1,Bo,Nowhere"].join("\n");
    const map = { external_id: "ID", route_number: "Route", passenger_name: "Name", pickup_stop: "Pickup" };
    const before = await count();
    const predicted = await preview("passengers", csv, map);
    expect(predicted.items.map((item) => item.action)).toEqual(["created", "updated", "failed"]);
    expect(predicted.errors).toEqual([{ row: 3, field: "pickup_stop", reason: 'stop "Nowhere" is not a stop of route R1' }]);
    expect(await count()).toEqual(before);
    const { result } = await importSheet("passengers", csv, map);
    expect(result.stats).toEqual(predicted.stats);
    expect(result.errors).toEqual(predicted.errors);
  });

  it("refuses what the import refuses: unknown fields (422) and more than 5,000 rows (413)", async () => {
    const { account } = await setup();
    const refusal = async (body: unknown) => {
      try {
        await previewImport({ accountId: account.id, body });
      } catch (error) {
        if (isAppError(error)) return error.code;
        throw error;
      }
      return "accepted";
    };
    expect(await refusal({ target: "runs", rows: [{ route_number: "R1", date: "2026-09-01", colour: "red" }] })).toBe("VALIDATION_FAILED");
    expect(await refusal({ target: "runs", rows: Array.from({ length: 5_001 }, () => ({ route_number: "R1" })) })).toBe("IMPORT_TOO_LARGE");
  });
});
