// The Reports page's one door to value formatting: the renderers' own module (pure, no server dependencies), so the
// table reads exactly like the HTML and PDF files.
export { columnHeading, formatLocalDateTime, formatReportValue, isNumericKind } from "@/server/modules/reports/render/format-report-value";
export { ReportTotals } from "@/server/modules/reports/render/report-totals";
