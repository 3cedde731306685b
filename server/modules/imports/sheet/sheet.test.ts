// Reading sheets for the dashboard and connected spreadsheets: CSV and pasted rows (separator detected, quotes,
// blank lines kept, header clean-up, limits), the first guess of the column mapping, and the flat-to-nested route
// layout (one line per stop, lines of one route grouped, row numbers equal to data lines).
import { describe, expect, it } from "vitest";
import { guessColumnMap } from "./guess-column-map";
import { CSV_MAX_LINES, parseCsvTable, readCsvLines } from "./parse-csv-table";
import { SHEET_LIMITS, SheetError, tableFromCells } from "./sheet-table";
import { sheetToRows } from "./sheet-to-rows";

const sheetError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof SheetError) return error.message;
    throw error;
  }
  throw new Error("expected a SheetError");
};

describe("parseCsvTable", () => {
  it("reads commas, quoted cells with commas and line breaks, and keeps blank lines", () => {
    const table = parseCsvTable('\uFEFFRoute,Stop,Address\r\nR1,"Oak St","1 Oak St, Town"\r\n\r\nR2,Mill,"two\nlines"\r\n');
    expect(table.headers).toEqual(["Route", "Stop", "Address"]);
    expect(table.rows).toEqual([["R1", "Oak St", "1 Oak St, Town"], [""], ["R2", "Mill", "two\nlines"]]);
  });

  it("detects tabs (rows pasted from a spreadsheet) and semicolons", () => {
    expect(parseCsvTable("Route\tDate\nR1\t2026-09-01\nR2\t01/09/2026").rows).toEqual([["R1", "2026-09-01"], ["R2", "01/09/2026"]]);
    expect(parseCsvTable("Route;Lat\nR1;54,68").rows).toEqual([["R1", "54,68"]]);
  });

  it("names blank headers and tells repeated ones apart", () => {
    expect(parseCsvTable("Name,,name,Name\na,b,c,d").headers).toEqual(["Name", "Column 2", "name (2)", "Name (3)"]);
  });

  it("refuses an empty sheet, a sheet without data lines, broken quoting and more lines than an import takes", () => {
    expect(sheetError(() => parseCsvTable("\n\n"))).toMatch(/empty/);
    expect(sheetError(() => parseCsvTable("Route,Stop\n"))).toMatch(/no data lines/);
    expect(sheetError(() => parseCsvTable('Route,Stop\nR1,"Oak'))).toMatch(/malformed/);
    const tooMany = ["Route", ...Array.from({ length: SHEET_LIMITS.rows + 1 }, (_, i) => `R${i}`)].join("\n");
    expect(sheetError(() => parseCsvTable(tooMany))).toMatch(/5,001 data lines; one import takes at most 5,000/);
    expect(sheetError(() => tableFromCells([["A"], ["x".repeat(1_001)]]))).toMatch(/Line 2, column 1 holds more than 1,000/);
  });

  it("stops parsing 5 MiB of blank or one-cell lines at the line cap and refuses the sheet as too long", () => {
    for (const line of [",\n", "a,\n", "\n"]) {
      const text = `Route,Stop\n${line.repeat(Math.floor(SHEET_LIMITS.bytes / line.length) - 10)}`;
      const read = readCsvLines(text, CSV_MAX_LINES);
      expect(read).toMatchObject({ complete: false });
      expect(read.lines).toHaveLength(CSV_MAX_LINES);
      expect(sheetError(() => parseCsvTable(text))).toBe("The sheet has more than 5,000 data lines; one import takes at most 5,000. Split it into several files.");
    }
    // one line of 5 MiB (millions of empty cells) is refused before papaparse builds it; a wide line stops the parse
    expect(sheetError(() => parseCsvTable(`Route,Stop\n${",".repeat(SHEET_LIMITS.bytes - 20)}`))).toBe(
      "Line 2 is longer than 200,300 characters, more than 100 columns of 1,000 characters can hold.",
    );
    expect(sheetError(() => readCsvLines(`Route,Stop\n${",".repeat(150)}\n${"R,S\n".repeat(1_000)}`, CSV_MAX_LINES))).toBe("The sheet has 151 columns; at most 100 are read.");
    // blank lines at the end are not data lines: a full sheet followed by a few of them is read
    const full = ["Route", ...Array.from({ length: SHEET_LIMITS.rows }, (_, i) => `R${i}`), ...Array.from({ length: 200 }, () => ",")].join("\n");
    expect(parseCsvTable(full).rows).toHaveLength(SHEET_LIMITS.rows);
  });
});

describe("guessColumnMap", () => {
  it("matches names, labels and synonyms ignoring case, spaces, underscores and signs", () => {
    expect(guessColumnMap("routes", ["Route #", "Plate", "START_TIME", "Stop", "Latitude", "Lon", "Pick-up time", "Notes"])).toEqual({
      route_number: "Route #",
      vehicle: "Plate",
      start_time: "START_TIME",
      "stops.name": "Stop",
      "stops.lat": "Latitude",
      "stops.lng": "Lon",
      "stops.time": "Pick-up time",
    });
    expect(guessColumnMap("passengers", ["Student ID", "Route No.", "Pupil name", "Parent", "Mobile", "Pickup", "Drop off"])).toEqual({
      external_id: "Student ID",
      route_number: "Route No.",
      passenger_name: "Pupil name",
      contact_name: "Parent",
      contact_phone: "Mobile",
      pickup_stop: "Pickup",
      dropoff_stop: "Drop off",
    });
  });

  it("gives a header to one field only, exact names first", () => {
    expect(guessColumnMap("runs", ["Start", "Start time", "Route", "Day"])).toEqual({ start_time: "Start time", route_number: "Route", date: "Day" });
  });
});

describe("sheetToRows", () => {
  const routesSheet = parseCsvTable(
    [
      "Route,Name,Plate,Stop,Lat,Time,Kind",
      "R1,Morning,ABC 123,Oak Street,54.68,07:20,pick-up", // line 2 = row 1
      "R1,,,Mill Lane,54.69,15,", // line 3 = row 2
      "R1,,,School,,,drop-off", // line 4 = row 3
      "R2,Empty,,,,,", // line 5 = row 4: a route without stops
      ",,,,,,", // line 6 = row 5: blank
      "R3,Afternoon,,Gate,,,", // line 7 = row 6
    ].join("\n"),
  );
  const map = { route_number: "Route", route_name: "Name", vehicle: "Plate", "stops.name": "Stop", "stops.lat": "Lat", "stops.time": "Time", "stops.kind": "Kind" };

  it("groups one-line-per-stop into routes with their stops in sheet order; row n is data line n", () => {
    const { rows, rowLines, scattered } = sheetToRows("routes", routesSheet, map);
    expect(rows).toEqual([
      {
        route_number: "R1",
        route_name: "Morning",
        vehicle: "ABC 123",
        stops: [
          { name: "Oak Street", lat: "54.68", time: "07:20", kind: "pick-up" },
          { name: "Mill Lane", lat: "54.69", time: "15", kind: "" },
          { name: "School", lat: "", time: "", kind: "drop-off" },
        ],
      },
      // a route's own fields are taken from the first of its lines that fills them: empty ones are not given
      { route_number: "R2", route_name: "Empty", vehicle: null },
      { route_number: null, route_name: null, vehicle: null },
      { route_number: "R3", route_name: "Afternoon", vehicle: null, stops: [{ name: "Gate", lat: "", time: "", kind: "" }] },
    ]);
    expect(rowLines).toEqual([2, 3, 4, 5, 6, 7]);
    expect(scattered).toEqual([]);
  });

  it("groups a route's scattered lines and maps each row back to its line", () => {
    const table = parseCsvTable("Route,Stop\nR1,A\nR2,B\nR1,C\nR2,D");
    const { rows, rowLines, scattered } = sheetToRows("routes", table, { route_number: "Route", "stops.name": "Stop" });
    expect(rows.map((row) => [row.route_number, (row.stops as { name: string }[]).map((stop) => stop.name)])).toEqual([
      ["R1", ["A", "C"]],
      ["R2", ["B", "D"]],
    ]);
    expect(rowLines).toEqual([2, 4, 3, 5]);
    expect(scattered).toEqual(["R1", "R2"]);
  });

  it("keeps a stop line without a stop name as a stop, so the import names its row", () => {
    const table = parseCsvTable("Route,Stop,Lat\nR1,A,1\nR1,,2");
    expect(sheetToRows("routes", table, { route_number: "Route", "stops.name": "Stop", "stops.lat": "Lat" }).rows[0]!.stops).toEqual([
      { name: "A", lat: "1" },
      { name: "", lat: "2" },
    ]);
  });

  it("reads spreadsheet day fractions in time columns as clock times, and nothing else", () => {
    const table = tableFromCells([["Route", "Date", "Start", "Notice"], ["R1", "2026-09-01", 0.3125, 0.5]]);
    expect(sheetToRows("runs", table, { route_number: "Route", date: "Date", start_time: "Start", notice: "Notice" }).rows).toEqual([
      { route_number: "R1", date: "2026-09-01", start_time: "07:30", notice: 0.5 },
    ]);
  });

  it("refuses a mapping without a required field, with a column the sheet lacks, or with a field the target lacks", () => {
    expect(sheetError(() => sheetToRows("runs", routesSheet, { route_number: "Route" }))).toBe("Choose the column for Date (required).");
    expect(sheetError(() => sheetToRows("routes", routesSheet, { route_number: "Route No" }))).toBe('The sheet has no column "Route No" (chosen for Route number).');
    expect(sheetError(() => sheetToRows("routes", routesSheet, { route_number: "Route", date: "Time" }))).toBe("date is not a field of a routes import.");
  });
});
