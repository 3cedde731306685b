// PDF files read back with pdfjs-dist (legacy Node build, offline): the text of every page, so the numbers, headings,
// local times, the non-Latin addresses, the charts' labels and "page N of M" are checked as a reader would see them.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import {
  CYRILLIC_ADDRESS,
  fixtureMeta,
  fixtureStream,
  GREEK_ADDRESS,
  routeRows,
  streamOf,
} from "@/server/testing/report-fixtures";
import { REPORT_TYPES } from "../report-model";
import { fitColumnWidths, renderPdf } from "./render-pdf";

const heading = { accountName: "Acme Logistics", primaryColor: "#aa3300" };

/** the text of each page, items joined by spaces and runs of white space collapsed */
async function pageTexts(body: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: body.slice(), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    pages.push(text.replace(/\s+/g, " "));
  }
  await pdf.destroy();
  return pages;
}

describe("renderPdf", () => {
  it("prints the title block, local times, numbers and totals of a trips report on one page", async () => {
    const body = await renderPdf(fixtureStream("trips"), heading);
    expect(Buffer.from(body.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pages = await pageTexts(body);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      "Trips report",
      "Acme Logistics",
      "2026-03-28 – 2026-03-31",
      "Europe/Berlin",
      "2026-04-01 09:30:00",
      "Note: Van 7: odometer reset on 2026-03-29",
      "Truck 12: newest record 2026-03-30 14:00:00; late records possible",
      "2026-03-29 01:30:00", // 00:30 UTC in CET
      "2026-03-29 03:30:00", // 01:30 UTC in CEST
      "42.25",
      "120,042.75",
      "1:30:30", // total duration
      "52.875", // total distance
      "Total",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    expect(text).toContain("Вильнюс"); // cut with an ellipsis in this many-column table, but in the embedded font
    expect(text).toContain("Distance per day");
    expect(text).toContain("03-29");
    expect(Buffer.from(body).toString("latin1")).toMatch(/DejaVuSansCondensed/);
  });

  it("keeps non-Latin addresses whole where the column has room", async () => {
    const text = (await pageTexts(await renderPdf(fixtureStream("stops"), heading))).join(" ");
    expect(text).toContain(CYRILLIC_ADDRESS);
    expect(text).toContain(GREEK_ADDRESS);
    expect(text).toContain("2:00:00"); // Truck 12's stop
    expect(text).toContain("2:30:00"); // total of the stops' durations
  });

  it("repeats the header on every page and numbers the pages 'page N of M'", async () => {
    const meta = fixtureMeta("route");
    const pages = await pageTexts(await renderPdf(streamOf(meta, routeRows(400), 150), heading));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    pages.forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(text).toContain("Latitude");
      expect(text).toContain("External voltage");
    });
    const all = pages.join(" ");
    // row 400 is 399 minutes after 2026-03-01 00:00 UTC = 07:39 local (CET)
    expect(all).toContain("2026-03-01 07:39:00");
    expect(all).not.toContain("2026-03-01 07:40:00");
    expect(all).toContain(CYRILLIC_ADDRESS);
  });

  it("draws the charts of activity and temperature as vectors with their labels", async () => {
    const activity = (await pageTexts(await renderPdf(fixtureStream("activity"), heading)))[0]!;
    expect(activity).toContain("Distance per day");
    expect(activity).toContain("Driving, idling and parked time per day");
    expect(activity).toMatch(/Driving .*Idling .*Parked/);
    expect(activity).toContain("500.75"); // total distance
    expect(activity).toContain("62:05:00"); // total parked, hours past 24
    const temperature = (await pageTexts(await renderPdf(fixtureStream("temperature"), heading)))[0]!;
    expect(temperature).toContain("Min, average and max per sensor");
    expect(temperature).toContain("Daily average per sensor");
    expect(temperature).toContain("-18.5");
    expect(temperature).toContain("°C");
  });

  it.each(REPORT_TYPES)("renders a %s report with its headings", async (type) => {
    const text = (await pageTexts(await renderPdf(fixtureStream(type), heading))).join(" ");
    for (const column of fixtureMeta(type).columns) expect(text).toContain(column.label.split(" ")[0]);
    expect(text).toContain("Page 1 of 1");
  });

  it("says when there are no rows", async () => {
    const text = (await pageTexts(await renderPdf(streamOf(fixtureMeta("events"), []), heading))).join(" ");
    expect(text).toContain("No rows in this period.");
  });
});

describe("fitColumnWidths", () => {
  it("shares spare room in proportion", () => {
    expect(fitColumnWidths([100, 300], [true, false], 800).widths).toEqual([200, 600]);
  });

  it("keeps numbers and times whole and cuts the widest text columns", () => {
    const { widths, scale } = fitColumnWidths([60, 400, 300, 50], [true, false, false, true], 500);
    expect(scale).toBe(1);
    expect(widths[0]).toBeCloseTo(60, 6);
    expect(widths[3]).toBeCloseTo(50, 6);
    expect(widths[1]).toBeCloseTo(195, 6);
    expect(widths[2]).toBeCloseTo(195, 6);
  });

  it("shrinks the font when even the numbers do not fit", () => {
    const { widths, scale } = fitColumnWidths([300, 300, 100], [true, true, false], 500);
    expect(scale).toBe(0.8); // 660 points at most 0.8 of the size: then every column is capped alike
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(500, 6);
  });
});
