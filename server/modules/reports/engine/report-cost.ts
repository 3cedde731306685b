// How heavy a report is, to decide between an answer now and a job (docs/reports.md "Limits"): assets × days ×
// weight. Route reads every position (20); trips, stops and events read a row per trip or alert (1); activity,
// mileage and temperature read one rollup row per asset-day (0.05). Days are the range's length in days, rounded up.
import type { ReportRequest, ReportType } from "../report-model";

export const SYNC_COST_LIMIT = 5_000;

export const REPORT_WEIGHTS: Record<ReportType, number> = {
  route: 20,
  trips: 1,
  stops: 1,
  events: 1,
  activity: 0.05,
  mileage: 0.05,
  temperature: 0.05,
};

const DAY_MS = 86_400_000;

export function reportCost(request: Pick<ReportRequest, "type" | "assetIds" | "from" | "to">): number {
  const days = Math.max(1, Math.ceil((request.to.getTime() - request.from.getTime()) / DAY_MS));
  return new Set(request.assetIds).size * days * REPORT_WEIGHTS[request.type];
}
