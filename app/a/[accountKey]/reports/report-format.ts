// The Reports page's one door to value formatting, so the table reads exactly like the files (shared pure module).
export { formatInstant, formatReportValue, reportTotals } from "@/server/modules/reports/format-report-value";
