// HTML files parsed back with node-html-parser: escaping (a driver called <script> stays text), the title block,
// local times across the DST change, totals, the inline SVG charts and that nothing is loaded from elsewhere.
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import {
  CYRILLIC_ADDRESS,
  FIXTURE_ROWS,
  fixtureMeta,
  fixtureStream,
  HOSTILE_DRIVER,
  streamOf,
} from "@/server/testing/report-fixtures";
import { REPORT_TYPES } from "../report-model";
import { columnHeading } from "./format-report-value";
import { escapeHtml, renderHtml } from "./render-html";

const heading = { accountName: "Acme & Sons <Logistics>", primaryColor: "#aa3300" };
const decode = (body: Uint8Array) => new TextDecoder().decode(body);

async function renderParsed(type: (typeof REPORT_TYPES)[number], primaryColor: string | null = heading.primaryColor) {
  const html = decode(await renderHtml(fixtureStream(type), { ...heading, primaryColor }));
  return { html, document: parse(html) };
}

/** the bars of a chart drawn in `fill` (legend swatches sit in the title line, above y = 15) */
const plotRects = (svg: ReturnType<typeof parse>, fill: string) =>
  svg.querySelectorAll(`rect[fill="${fill}"]`).filter((rect) => Number(rect.getAttribute("y")) > 15);

/** the table's cells as text, row by row */
const bodyRows = (document: ReturnType<typeof parse>) =>
  document.querySelectorAll("tbody tr").map((tr) => tr.querySelectorAll("td").map((td) => td.text));

describe("renderHtml", () => {
  it("keeps a hostile driver name and message inert: escaped text, no element made of them", async () => {
    const { html, document } = await renderParsed("trips");
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(html).not.toContain("<script>");
    expect(html).toContain(escapeHtml(HOSTILE_DRIVER));
    const driverColumn = fixtureMeta("trips").columns.findIndex((column) => column.key === "driver");
    expect(bodyRows(document)[0]![driverColumn]).toBe(HOSTILE_DRIVER); // read back as the text it was
    expect(document.querySelector("header.title p")!.text).toBe("Acme & Sons <Logistics>");

    const events = await renderParsed("events");
    expect(events.document.querySelectorAll("tbody b")).toHaveLength(0);
    expect(events.html).toContain("Left &lt;b&gt;Depot&lt;/b&gt; &amp; yard");
  });

  it("prints the title block, local times across the DST change and the totals", async () => {
    const { html, document } = await renderParsed("trips");
    expect(document.querySelector("h1")!.text).toBe("Trips report");
    const facts = document.querySelectorAll("dl.facts dd").map((dd) => dd.text);
    expect(facts).toEqual([
      "Acme & Sons <Logistics>",
      "2026-03-28 – 2026-03-31",
      "Europe/Berlin",
      "2026-04-01 09:30:00",
    ]);
    expect(document.querySelector("ul.notes")!.text).toContain("odometer reset");
    const completeness = document.querySelectorAll("ul.completeness li").map((li) => li.text);
    expect(completeness).toEqual([
      "Van 7: newest record 2026-03-31 10:00:00; no late records expected",
      "Truck 12: newest record 2026-03-30 14:00:00; late records possible",
    ]);
    expect(document.querySelectorAll("thead th").map((th) => th.text)).toEqual(
      fixtureMeta("trips").columns.map(columnHeading),
    );
    const rows = bodyRows(document);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.slice(2, 5)).toEqual(["2026-03-29 01:30:00", "2026-03-29 03:30:00", "1:00:00"]);
    expect(rows[0]![5]).toBe(CYRILLIC_ADDRESS);
    expect(rows[0]![13]).toBe("42.25");
    expect(rows[1]![11]).toBe("—"); // unknown start odometer
    const totals = document.querySelectorAll("tfoot td").map((td) => td.text);
    expect(totals[0]).toBe("Total");
    expect(totals[4]).toBe("1:30:30"); // 3600 + 1230 + 600 s
    expect(totals[13]).toBe("52.875");
    expect(totals[18]).toBe("4.5");
    expect(totals[1]).toBe("");
    // self-contained: nothing to fetch
    expect(html).not.toMatch(/<link|<img|src=|href=|url\(|@import/);
    expect(html).toContain("background:#aa3300");
  });

  it("draws an inline SVG chart of distance per local day", async () => {
    const { document } = await renderParsed("trips");
    const svg = document.querySelector('svg[aria-label="Distance per day"]')!;
    expect(svg).not.toBeNull();
    const bars = plotRects(svg, "#aa3300");
    expect(bars).toHaveLength(2); // 03-29 (42.25 km) and 03-30 (7.5 + 3.125 km); 03-28 and 03-31 are empty
    const labels = svg.querySelectorAll("text").map((t) => t.text);
    expect(labels).toEqual(expect.arrayContaining(["03-28", "03-29", "03-30", "03-31", "km"]));
    const heights = bars.map((bar) => Number(bar.getAttribute("height")));
    expect(heights[0]! / heights[1]!).toBeCloseTo(42.25 / 10.625, 2);
  });

  it("draws activity as stacked bars and temperature as min/avg/max bars with a daily line", async () => {
    const activity = (await renderParsed("activity")).document;
    const stacked = activity.querySelector('svg[aria-label="Driving, idling and parked time per day"]')!;
    expect(plotRects(stacked, "#16a34a")).toHaveLength(2); // driving on 03-28 and 03-29
    const temperature = (await renderParsed("temperature")).document;
    const ranges = temperature.querySelector('svg[aria-label="Min, average and max per sensor"]')!;
    expect(plotRects(ranges, "#93c5fd")).toHaveLength(2); // bleTemp1, oneWireTemp1
    expect(ranges.querySelectorAll("text").map((t) => t.text)).toContain("-20");
    const lines = temperature.querySelector('svg[aria-label="Daily average per sensor"]')!;
    expect(lines.querySelectorAll("polyline")).toHaveLength(1); // bleTemp1 over two days; oneWireTemp1 is one point
    for (const type of ["stops", "events", "route"] as const)
      expect((await renderParsed(type)).document.querySelectorAll("svg")).toHaveLength(0);
  });

  it("charts the 40 largest assets of a whole-range activity report and says so", async () => {
    const meta = fixtureMeta("activity", { period: "range" });
    const rows = Array.from({ length: 50 }, (_, i) => ({ asset_id: i + 1, asset_name: `Car ${i + 1}`, period: "range", distance_km: i + 1, driving_s: 3600, idling_s: 0, parked_s: 0 }));
    const document = parse(decode(await renderHtml(streamOf(meta, rows), heading)));
    const svg = document.querySelector('svg[aria-label="Distance per asset (40 of 50 shown)"]')!;
    expect(svg).not.toBeNull();
    expect(plotRects(svg, "#aa3300")).toHaveLength(40);
    expect(svg.querySelectorAll("text").map((t) => t.text)).toContain("Car 50"); // the largest comes first
    expect(document.querySelector("h2")!.text).toBe("Completeness: late records possible for 1 of 2 assets");
  });

  it("falls back to Fleetline's colour when the branding colour is not #rrggbb", async () => {
    const { html, document } = await renderParsed("mileage", "red;}</style><script>alert(1)</script>");
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(html).toContain("background:#2563eb");
  });

  it.each(REPORT_TYPES)("renders every column and row of a %s report", async (type) => {
    const { document } = await renderParsed(type);
    expect(document.querySelectorAll("thead th")).toHaveLength(fixtureMeta(type).columns.length);
    expect(bodyRows(document)).toHaveLength(FIXTURE_ROWS[type].length);
    expect(document.querySelectorAll("tfoot tr")).toHaveLength(fixtureMeta(type).columns.some((c) => c.total) ? 1 : 0);
  });

  it("says when a report has no rows", async () => {
    const html = decode(await renderHtml(streamOf(fixtureMeta("stops"), []), heading));
    expect(parse(html).querySelector("h2:last-of-type")).not.toBeNull();
    expect(html).toContain("0 rows");
    expect(parse(html).querySelectorAll("tbody tr")).toHaveLength(0);
  });
});
