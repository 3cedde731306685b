// Driver scorecards (docs/dashboard.md "Driver scorecards"): the input of listDriverScorecards and the DTOs it answers
// with. Distances in km, times in seconds, scores 0..100; the period's dates are local dates of the account's zone.
import { z } from "zod";

/** the behaviour event kinds the detector stores (docs/alerts.md "driver_behavior"), in the order pages show them */
export const SCORECARD_EVENT_KINDS = ["harsh_braking", "harsh_acceleration", "harsh_cornering", "overspeed", "idling"] as const;
export type ScorecardEventKind = (typeof SCORECARD_EVENT_KINDS)[number];

export const SCORECARD_PERIODS = ["week", "month"] as const;
export type ScorecardPeriod = (typeof SCORECARD_PERIODS)[number];

/** how many periods before the shown one the trend covers */
export const SCORECARD_TREND_PERIODS = 6;

export const ZListDriverScorecards = z.object({
  period: z.enum(SCORECARD_PERIODS).default("week"),
  /** 0: the period under way; 1: the one before it; … */
  offset: z.number().int().min(0).max(520).default(0),
});
export type ListDriverScorecardsInput = z.input<typeof ZListDriverScorecards>;

export interface ScorecardPeriodDto {
  /** first local day of the period (a Monday for weeks, the 1st for months), YYYY-MM-DD */
  from: string;
  /** last local day of the period, YYYY-MM-DD */
  to: string;
}

export interface DriverScorecardDto {
  driver: { id: number; name: string };
  /** 1 for the best score; null for a driver with no driving in the period */
  rank: number | null;
  /** the distance-weighted mean trip score, 0..100; null with no driving */
  score: number | null;
  trips: number;
  distance_km: number;
  driving_s: number;
  /** stored behaviour events of the period by kind, counted for the driver whose key the record carried */
  events: Record<ScorecardEventKind, number>;
  /** events × 100 / distance in km, one decimal; null with no distance */
  events_per_100km: { total: number | null } & Record<ScorecardEventKind, number | null>;
  /** the score of each of the SCORECARD_TREND_PERIODS periods before this one, oldest first; null: no driving */
  trend: (number | null)[];
  /** score minus the previous period's; null when either is missing */
  change: number | null;
}

export interface DriverScorecardsDto {
  period: ScorecardPeriod;
  offset: number;
  time_zone: string;
  range: ScorecardPeriodDto;
  /** the trend's periods, oldest first (the one shown is not among them) */
  trend_ranges: ScorecardPeriodDto[];
  /** ranked drivers first (best score first), then the drivers with no driving in the period, by name */
  drivers: DriverScorecardDto[];
}
