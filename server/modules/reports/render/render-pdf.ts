// A report as a PDF (docs/reports-files.md "PDF"), drawn with pdfkit in-process: A4 landscape, DejaVu Sans Condensed
// embedded from the dejavu-fonts-ttf package (Latin, Greek, Cyrillic and more: addresses are not only Latin), the
// title block, vector charts, then the table with its header repeated on every page and a totals row.
//
// Memory stays flat however long the report: each page is written out as soon as the next one starts. Two things are
// only known at the end — the page count ("page N of M") and the charts (they sum every row) — so each page and the
// first page's chart area hold a reference to a PDF form XObject whose content is written after the last row.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import type { ReportColumn, ReportHeading, ReportRow, ReportStream } from "../report-model";
import { type ChartShape, layoutChart } from "./chart-geometry";
import { columnHeading, formatReportValue, isNumericKind } from "./format-report-value";
import { plannedChartCount, ReportChartData } from "./report-charts";
import { reportTitleBlock } from "./report-title";
import { ReportTotals } from "./report-totals";

export const PDF_CONTENT_TYPE = "application/pdf";

const PAGE_WIDTH = 841.89; // A4 landscape, points
const PAGE_HEIGHT = 595.28;
const MARGIN = 28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 8; // the footer sits below
const FOOTER_Y = PAGE_HEIGHT - MARGIN + 2;
const BODY_SIZE = 7;
const ROW_HEIGHT = 10.5;
const HEADER_HEIGHT = 2 * 9 + 5; // two lines of heading
const CELL_PAD = 3;
const CHART_HEIGHT = 170;
const CHART_GAP = 16;
/** a column never gets narrower than this, nor wider than this from its content alone */
const MIN_COLUMN = 24;
/** a text column is cut no narrower than this before the font shrinks */
const MIN_TEXT_COLUMN = 60;
const MAX_COLUMN_CONTENT = 230;
const INK = "#111827";
/** up to this many assets, completeness lines run in one column */
const COMPLETENESS_ONE_COLUMN = 8;
const MUTED = "#4b5563";
const ELLIPSIS = "…";

/** the fonts, read once from the npm package (no download, no system font) */
let fontFiles: { regular: Buffer; bold: Buffer } | null = null;
function fonts() {
  if (!fontFiles) {
    const file = (name: string) => {
      try {
        return createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ `dejavu-fonts-ttf/ttf/${name}`);
      } catch {
        // a bundler may hide node_modules from require.resolve; the package sits in the app's own node_modules
        return path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf", name);
      }
    };
    fontFiles = {
      regular: readFileSync(file("DejaVuSansCondensed.ttf")),
      bold: readFileSync(file("DejaVuSansCondensed-Bold.ttf")),
    };
  }
  return fontFiles;
}

/** the parts of pdfkit's embedded font the form painters need (pdfkit has no public type for them) */
interface EmbeddedFont {
  id: string;
  ref(): unknown;
  encode(text: string): [string[], unknown[]];
  widthOfString(text: string, size: number): number;
}
interface PdfPageInternals {
  xobjects: Record<string, unknown>;
}
interface PdfReference {
  data: Record<string, unknown>;
  write(chunk: string): void;
  end(): void;
}

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(" ");
const num = (value: number) => Number(value.toFixed(2));

/** width of text in a font, from a per-character cache (kerning is left out; DejaVu's is small and we pad cells) */
class TextMeasure {
  private readonly widths = new Map<string, number>();
  constructor(private readonly font: EmbeddedFont) {}
  width(text: string, size: number): number {
    let total = 0;
    for (const ch of text) {
      let w = this.widths.get(ch);
      if (w === undefined) {
        w = this.font.widthOfString(ch, 1000) / 1000;
        this.widths.set(ch, w);
      }
      total += w;
    }
    return total * size;
  }
  /** the text, cut with an ellipsis so that it fits `max` points */
  fit(text: string, size: number, max: number): string {
    if (this.width(text, size) <= max) return text;
    const chars = [...text];
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.width(chars.slice(0, mid).join("") + ELLIPSIS, size) <= max) low = mid;
      else high = mid - 1;
    }
    return low === 0 ? "" : chars.slice(0, low).join("").trimEnd() + ELLIPSIS;
  }
}

/**
 * Column widths fitted to content: `wanted` is what the first batch of rows and the heading (in up to two lines) need.
 * Numbers, times and dates are never cut (a cut number reads as a different number): they get what they need, and
 * the font shrinks (down to `minScale`) when even they do not fit. Text columns share the rest: the widest are capped
 * at the same width and their text is cut with an ellipsis. Spare room is shared out in proportion.
 */
export function fitColumnWidths(
  wanted: number[],
  rigid: boolean[],
  available: number,
  minScale = 0.8,
): { widths: number[]; scale: number } {
  if (wanted.length === 0) return { widths: [], scale: 1 };
  const total = wanted.reduce((a, b) => a + b, 0);
  if (total <= available) return { widths: wanted.map((w) => (w / total) * available), scale: 1 };
  // what must fit: the rigid columns in full, each text column up to MIN_TEXT_COLUMN
  const floor = wanted.reduce((sum, w, i) => sum + (rigid[i] ? w : Math.min(w, MIN_TEXT_COLUMN)), 0);
  const scale = Math.max(minScale, Math.min(1, available / floor));
  const scaled = wanted.map((w) => w * scale);
  const rigidWidth = scaled.reduce((sum, w, i) => sum + (rigid[i] ? w : 0), 0);
  const flexible = scaled.filter((_, i) => !rigid[i]);
  if (available - rigidWidth < flexible.length * MIN_COLUMN) {
    // still too wide at the smallest font: every column is capped alike
    const cap = capFor(scaled, available);
    return { widths: scaled.map((w) => Math.min(w, cap)), scale };
  }
  const cap = capFor(flexible, available - rigidWidth);
  const widths = scaled.map((w, i) => (rigid[i] ? w : Math.min(w, cap)));
  const used = widths.reduce((a, b) => a + b, 0);
  return { widths: widths.map((w) => (w / used) * available), scale };
}

/** the width c such that the widths, each cut to at most c, add up to `available` */
function capFor(widths: number[], available: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  let remaining = available;
  for (let i = 0; i < sorted.length; i++) {
    const share = remaining / (sorted.length - i);
    if (sorted[i]! > share) return share;
    remaining -= sorted[i]!;
  }
  return Infinity;
}

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ");

export async function renderPdf(stream: ReportStream, heading: ReportHeading): Promise<Uint8Array> {
  const { meta } = stream;
  const columns = meta.columns;
  const title = reportTitleBlock(meta, heading);
  const { regular: regularFile, bold: boldFile } = fonts();

  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    compress: true,
    info: { Title: `${title.title} – ${heading.accountName}`, Author: heading.accountName, Creator: "Fleetline" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont("regular", regularFile);
  doc.registerFont("bold", boldFile);
  const internals = doc as unknown as { _font: EmbeddedFont; page: PdfPageInternals; ref(data: object): PdfReference };
  doc.font("bold");
  const bold = internals._font;
  doc.font("regular");
  const regular = internals._font;
  const measure = { regular: new TextMeasure(regular), bold: new TextMeasure(bold) };
  const fontResources = () => ({ Font: { [regular.id]: regular.ref(), [bold.id]: bold.ref() } });

  // "page N of M": M is a form written at the end, placed on every page
  const pageTotal = internals.ref({ Type: "XObject", Subtype: "Form", BBox: [-1, -3, 80, 10], Resources: {} });
  let pageNumber = 0;
  const footerText = `${title.title} · ${heading.accountName} · ${title.facts[1]![1]} (${meta.time_zone})`;

  /** places a form XObject with its top-left corner at (x, y) of the current page; the form's own y axis points up */
  const placeForm = (name: string, form: PdfReference, x: number, yBaseline: number) => {
    internals.page.xobjects[name] = form;
    doc.save();
    doc.transform(1, 0, 0, -1, x, yBaseline);
    doc.addContent(`/${name} Do`);
    doc.restore();
  };

  const startPage = (first: boolean) => {
    if (!first) doc.addPage();
    pageNumber++;
    doc.font("regular").fontSize(7).fillColor(MUTED);
    doc.text(measure.regular.fit(footerText, 7, CONTENT_WIDTH - 120), MARGIN, FOOTER_Y, { lineBreak: false });
    const label = `Page ${pageNumber} of `;
    const x = PAGE_WIDTH - MARGIN - 60;
    doc.text(label, x, FOOTER_Y, { lineBreak: false });
    // baseline of pdfkit's text at y: y + ascender (DejaVu: 0.928 of the size)
    placeForm("FlPageTotal", pageTotal, x + measure.regular.width(label, 7), FOOTER_Y + 7 * 0.928);
    return MARGIN;
  };

  // ---- title block
  let y = startPage(true);
  doc.rect(MARGIN, y, CONTENT_WIDTH, 30).fill(title.color);
  doc.font("bold").fontSize(15).fillColor("#ffffff").text(title.title, MARGIN + 10, y + 7, { lineBreak: false });
  const account = measure.regular.fit(heading.accountName, 10, CONTENT_WIDTH / 2);
  doc.font("regular").fontSize(10).text(account, PAGE_WIDTH - MARGIN - 10 - measure.regular.width(account, 10), y + 10, { lineBreak: false });
  y += 38;

  const ensureRoom = (height: number) => {
    if (y + height > CONTENT_BOTTOM) y = startPage(false);
  };
  for (const [label, value] of title.facts) {
    doc.font("bold").fontSize(8.5).fillColor(MUTED).text(label, MARGIN, y, { lineBreak: false });
    doc.font("regular").fillColor(INK).text(measure.regular.fit(value, 8.5, CONTENT_WIDTH - 70), MARGIN + 70, y, { lineBreak: false });
    y += 11.5;
  }
  y += 3;
  for (const note of title.notes) {
    doc.font("regular").fontSize(8);
    const text = `Note: ${note}`;
    const height = doc.heightOfString(text, { width: CONTENT_WIDTH });
    ensureRoom(height);
    doc.fillColor("#92400e").text(text, MARGIN, y, { width: CONTENT_WIDTH });
    y += height + 2;
  }
  if (title.completeness.length > 0) {
    ensureRoom(22);
    const late = meta.completeness.filter((asset) => asset.late_records_possible).length;
    const summary = `Completeness: late records possible for ${late} of ${meta.completeness.length} assets`;
    doc.font("bold").fontSize(8.5).fillColor(INK).text(summary, MARGIN, y + 2, { lineBreak: false });
    y += 14;
    // one line per asset; many assets are set in three columns, filled row by row
    const perRow = meta.completeness.length > COMPLETENESS_ONE_COLUMN ? 3 : 1;
    const columnWidth = (CONTENT_WIDTH - (perRow - 1) * 12) / perRow;
    meta.completeness.forEach((asset, i) => {
      const column = i % perRow;
      if (column === 0) ensureRoom(9.5);
      doc.font("regular").fontSize(7).fillColor(asset.late_records_possible ? "#92400e" : MUTED);
      const text = measure.regular.fit(title.completeness[i]!, 7, columnWidth);
      doc.text(text, MARGIN + column * (columnWidth + 12), y, { lineBreak: false });
      if (column === perRow - 1 || i === meta.completeness.length - 1) y += 9.5;
    });
  }

  // ---- chart area, filled after the last row
  const chartCount = plannedChartCount(meta);
  const chartForms: Array<{ form: PdfReference; width: number }> = [];
  if (chartCount > 0) {
    y += 8;
    ensureRoom(CHART_HEIGHT);
    const width = (CONTENT_WIDTH - CHART_GAP * (chartCount - 1)) / chartCount;
    for (let i = 0; i < chartCount; i++) {
      const form = internals.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, num(width), CHART_HEIGHT], Resources: {} });
      placeForm(`FlChart${i}`, form, MARGIN + i * (width + CHART_GAP), y + CHART_HEIGHT);
      chartForms.push({ form, width });
    }
    y += CHART_HEIGHT + 10;
  }

  // ---- table
  const totals = new ReportTotals(columns);
  const charts = new ReportChartData(meta, title.color);
  const headings = columns.map(columnHeading);
  const numeric = columns.map((column) => isNumericKind(column.kind));
  const rigid = columns.map((column) => column.kind !== "text");
  let bodySize = BODY_SIZE;
  let headingSizes: number[] = [];
  let widths: number[] | null = null;
  let xs: number[] = [];
  let rowIndex = 0;

  const layoutColumns = (firstBatch: ReportRow[]) => {
    const wanted = columns.map((column, i) => {
      const words = headings[i]!.split(/\s+/).map((word) => measure.bold.width(word, BODY_SIZE));
      let need = Math.max(...words, measure.bold.width(headings[i]!, BODY_SIZE) / 2);
      for (const row of firstBatch) {
        need = Math.max(need, measure.regular.width(cellText(row, column), BODY_SIZE));
      }
      return Math.max(MIN_COLUMN, Math.min(MAX_COLUMN_CONTENT, need) + 2 * CELL_PAD);
    });
    const fitted = fitColumnWidths(wanted, rigid, CONTENT_WIDTH);
    widths = fitted.widths;
    bodySize = BODY_SIZE * fitted.scale;
    // a heading that needs more than two lines, or whose longest word is wider than its column (pdfkit would break
    // the word itself), is set smaller
    doc.font("bold");
    headingSizes = headings.map((text, i) => {
      const width = widths![i]! - 2 * CELL_PAD;
      let size = bodySize;
      const fits = () => {
        const longest = Math.max(...text.split(/\s+/).map((word) => measure.bold.width(word, size)));
        return longest + 1 <= width && doc.fontSize(size).heightOfString(text, { width, lineGap: 0 }) <= HEADER_HEIGHT - 4;
      };
      while (size > 4.5 && !fits()) size -= 0.25;
      return size;
    });
    xs = [];
    let x = MARGIN;
    for (const width of widths) {
      xs.push(x);
      x += width;
    }
  };
  const cellText = (row: ReportRow, column: ReportColumn) =>
    oneLine(formatReportValue(row[column.key] ?? null, column.kind, meta.time_zone));

  const drawHeader = () => {
    doc.rect(MARGIN, y, CONTENT_WIDTH, HEADER_HEIGHT).fill("#e5e7eb");
    doc.font("bold").fillColor(INK);
    columns.forEach((_, i) => {
      const width = widths![i]! - 2 * CELL_PAD;
      doc.fontSize(headingSizes[i]!);
      doc.text(headings[i]!, xs[i]! + CELL_PAD, y + 3, {
        width,
        height: HEADER_HEIGHT - 4,
        ellipsis: true,
        align: numeric[i] ? "right" : "left",
        lineGap: 0,
      });
    });
    y += HEADER_HEIGHT;
  };

  const drawRow = (texts: string[], style: "row" | "zebra" | "totals") => {
    if (y + ROW_HEIGHT > CONTENT_BOTTOM) {
      y = startPage(false);
      drawHeader();
    }
    if (style === "zebra") doc.rect(MARGIN, y, CONTENT_WIDTH, ROW_HEIGHT).fill("#f3f4f6");
    if (style === "totals") {
      doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.8).stroke(MUTED);
    }
    const font = style === "totals" ? "bold" : "regular";
    doc.font(font).fillColor(INK);
    texts.forEach((text, i) => {
      if (!text) return;
      const room = widths![i]! - 2 * CELL_PAD;
      let size = bodySize;
      let fitted = text;
      if (rigid[i]) {
        // a number or a time is never cut: a total wider than its column is set smaller instead
        const width = measure[font].width(text, size);
        if (width > room) size = Math.max(4, (size * room) / width);
      } else fitted = measure[font].fit(text, size, room);
      const x = numeric[i] ? xs[i]! + widths![i]! - CELL_PAD - measure[font].width(fitted, size) : xs[i]! + CELL_PAD;
      doc.fontSize(size).text(fitted, x, y + 2, { lineBreak: false });
    });
    y += ROW_HEIGHT;
  };

  for await (const batch of stream.rows) {
    if (batch.length === 0) continue;
    if (!widths) {
      layoutColumns(batch);
      ensureRoom(HEADER_HEIGHT + 3 * ROW_HEIGHT);
      drawHeader();
    }
    for (const row of batch) {
      totals.add(row);
      charts.add(row);
      drawRow(
        columns.map((column) => cellText(row, column)),
        rowIndex % 2 === 1 ? "zebra" : "row",
      );
      rowIndex++;
    }
  }
  if (!widths) {
    layoutColumns([]);
    ensureRoom(HEADER_HEIGHT + 2 * ROW_HEIGHT);
    drawHeader();
    doc.font("regular").fontSize(8).fillColor(MUTED).text("No rows in this period.", MARGIN + CELL_PAD, y + 3, { lineBreak: false });
    y += ROW_HEIGHT + 4;
  } else if (totals.any) {
    const row = totals.row();
    drawRow(
      columns.map((column) => {
        const value = row[column.key] ?? null;
        if (column.total) return formatReportValue(value, column.kind, meta.time_zone);
        return value === null ? "" : String(value);
      }),
      "totals",
    );
  }

  // ---- what is only known now: the charts and the page count
  const chartList = charts.charts();
  chartForms.forEach(({ form, width }, i) => {
    const chart = chartList[i];
    const shapes: ChartShape[] = chart
      ? layoutChart(chart, width, CHART_HEIGHT)
      : [{ type: "text", x: width / 2, y: CHART_HEIGHT / 2, text: "no data", size: 8, anchor: "middle", fill: MUTED }];
    form.data.Resources = fontResources();
    form.write(paintShapes(shapes, CHART_HEIGHT, { regular, bold }, measure));
    form.end();
  });
  doc.font("regular");
  const [digits] = regular.encode(String(pageNumber));
  pageTotal.data.Resources = fontResources();
  pageTotal.write(`${rgb(MUTED)} rg BT /${regular.id} 7 Tf 0 0 Td <${digits.join("")}> Tj ET`);
  pageTotal.end();

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** shapes as PDF content operators in a form whose y axis points up (shape y is measured down from the top) */
function paintShapes(
  shapes: ChartShape[],
  height: number,
  fonts: { regular: EmbeddedFont; bold: EmbeddedFont },
  measure: { regular: TextMeasure; bold: TextMeasure },
): string {
  const ops: string[] = ["1 j 1 J"];
  const Y = (y: number) => num(height - y);
  for (const shape of shapes) {
    switch (shape.type) {
      case "rect":
        ops.push(`${rgb(shape.fill)} rg ${num(shape.x)} ${Y(shape.y + shape.height)} ${num(shape.width)} ${num(shape.height)} re f`);
        break;
      case "line":
        ops.push(`${rgb(shape.stroke)} RG ${shape.width} w ${num(shape.x1)} ${Y(shape.y1)} m ${num(shape.x2)} ${Y(shape.y2)} l S`);
        break;
      case "polyline": {
        const [first, ...rest] = shape.points;
        if (!first) break;
        const path = [`${num(first[0])} ${Y(first[1])} m`, ...rest.map(([x, y]) => `${num(x)} ${Y(y)} l`)];
        ops.push(`${rgb(shape.stroke)} RG ${shape.width} w ${path.join(" ")} S`);
        break;
      }
      case "text": {
        const kind = shape.bold ? "bold" : "regular";
        const font = fonts[kind];
        const width = measure[kind].width(shape.text, shape.size);
        const x = shape.anchor === "start" ? shape.x : shape.anchor === "middle" ? shape.x - width / 2 : shape.x - width;
        const [glyphs] = font.encode(shape.text);
        ops.push(`${rgb(shape.fill)} rg BT /${font.id} ${shape.size} Tf 1 0 0 1 ${num(x)} ${Y(shape.y)} Tm <${glyphs.join("")}> Tj ET`);
        break;
      }
    }
  }
  return ops.join("\n");
}
