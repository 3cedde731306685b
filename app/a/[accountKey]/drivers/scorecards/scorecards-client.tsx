"use client";
// Driver scorecards: week or month switch, the previous and next period, and the drivers ranked by score with their
// trend. Headers sort the ranked drivers (those with no driving stay below them); selecting a driver opens the
// period's details under their row. On a phone the table keeps rank, driver, score and trend and scrolls inside its
// own box; the rest, and the behaviour events by kind, are in the details.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, useState } from "react";
import {
  SCORECARD_EVENT_KINDS,
  type DriverScorecardDto,
  type ScorecardEventKind,
  type ScorecardPeriod,
  type ScorecardPeriodDto,
} from "@/server/modules/drivers/driver-scorecards.schema";
import { QueryList } from "../../../../_components/query-list";
import { useTRPC } from "../../../../_components/trpc";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { EmptyState } from "../../../../_components/ui/empty-state";
import { PageHeader } from "../../../../_components/ui/page-header";
import { ChangeArrow, TrendSparkline } from "./trend-sparkline";

type SortKey = "rank" | "name" | "score" | "change" | "trips" | "distance" | "events";

interface SortColumn {
  key: SortKey;
  label: string;
  className?: string;
  /** the first click sorts this way: best or most first for figures, A to Z for names */
  firstDescending: boolean;
}

const COLUMNS: SortColumn[] = [
  { key: "rank", label: "Rank", firstDescending: false },
  { key: "name", label: "Driver", firstDescending: false },
  { key: "score", label: "Score", className: "text-right", firstDescending: true },
  { key: "change", label: "Trend", firstDescending: true },
  { key: "trips", label: "Trips", className: "hidden text-right sm:table-cell", firstDescending: true },
  { key: "distance", label: "Distance", className: "hidden text-right sm:table-cell", firstDescending: true },
  { key: "events", label: "Events per 100 km", className: "hidden text-right md:table-cell", firstDescending: false },
];

const SORT_VALUE: Record<SortKey, (card: DriverScorecardDto) => number | string> = {
  rank: (card) => card.rank ?? Number.MAX_SAFE_INTEGER,
  name: (card) => card.driver.name,
  score: (card) => card.score ?? -1,
  change: (card) => card.change ?? Number.NEGATIVE_INFINITY,
  trips: (card) => card.trips,
  distance: (card) => card.distance_km,
  events: (card) => card.events_per_100km.total ?? 0,
};

const EVENT_WORDS: Record<ScorecardEventKind, string> = {
  harsh_braking: "Harsh braking",
  harsh_acceleration: "Harsh acceleration",
  harsh_cornering: "Harsh cornering",
  overspeed: "Speeding (over 120 km/h)",
  idling: "Idling (5 min or more)",
};

const PERIOD_WORDS: Record<ScorecardPeriod, { name: string; current: string; previous: string }> = {
  week: { name: "Week", current: "This week", previous: "Last week" },
  month: { name: "Month", current: "This month", previous: "Last month" },
};

/** a local date of the account ("2026-11-23") as the reader writes dates, never shifted by the reader's own zone */
function localDay(value: string, withYear: boolean): string {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(undefined, {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    ...(withYear && { year: "numeric" }),
  });
}

function rangeText(range: ScorecardPeriodDto): string {
  return `${localDay(range.from, false)} – ${localDay(range.to, true)}`;
}

function durationText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const km = (value: number) => `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} km`;

export function ScorecardsClient({ accountKey, timeZone }: { accountKey: string; timeZone: string }) {
  const trpc = useTRPC();
  const [period, setPeriod] = useState<ScorecardPeriod>("week");
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "rank", descending: false });
  const [open, setOpen] = useState<number | null>(null);
  const scorecards = useQuery(trpc.drivers.scorecards.queryOptions({ accountKey, period, offset }));

  const words = PERIOD_WORDS[period];
  const data = scorecards.data;
  const ranked = (data?.drivers ?? []).filter((card) => card.rank !== null);
  const idle = (data?.drivers ?? []).filter((card) => card.rank === null);
  const value = SORT_VALUE[sort.key];
  const sorted = [...ranked].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === "string" ? x.localeCompare(y as string) : x - (y as number);
    return (sort.descending ? -order : order) || (a.rank ?? 0) - (b.rank ?? 0);
  });
  const choosePeriod = (next: ScorecardPeriod) => {
    setPeriod(next);
    setOffset(0);
    setOpen(null);
  };
  const sortBy = (column: SortColumn) =>
    setSort((current) => (current.key === column.key ? { key: column.key, descending: !current.descending } : { key: column.key, descending: column.firstDescending }));
  const periodLabel = offset === 0 ? words.current : offset === 1 ? words.previous : null;

  return (
    <>
      <PageHeader
        title="Driver scorecards"
        description={`Drivers ranked by how safely they drove: each trip's score (100 is the best), weighted by its distance. A trip counts for the driver whose key was in the vehicle when it started, in the ${period} it started (${timeZone} time). Events are harsh braking, acceleration and cornering, speeding and idling.`}
        actions={
          <Link href={`/a/${accountKey}/drivers`} className="rounded-md px-3 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50">
            All drivers
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Period" className="inline-flex rounded-md shadow-sm">
          {(Object.keys(PERIOD_WORDS) as ScorecardPeriod[]).map((choice, i) => (
            <button
              key={choice}
              type="button"
              aria-pressed={period === choice}
              onClick={() => choosePeriod(choice)}
              className={`px-3 py-2 text-sm font-medium ring-1 ring-inset ring-slate-300 ${i === 0 ? "rounded-l-md" : "-ml-px rounded-r-md"} ${period === choice ? "bg-blue-600 text-white ring-blue-600" : "bg-white text-slate-800 hover:bg-slate-50"}`}
            >
              {PERIOD_WORDS[choice].name}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" aria-label={`Previous ${period}`} onClick={() => { setOffset(offset + 1); setOpen(null); }}>
            ‹ Previous
          </Button>
          <Button variant="secondary" aria-label={`Next ${period}`} disabled={offset === 0} onClick={() => { setOffset(Math.max(0, offset - 1)); setOpen(null); }}>
            Next ›
          </Button>
        </div>
        <p className="text-sm text-slate-700" data-testid="scorecard-range">
          {data ? (
            <>
              {periodLabel ? <span className="font-medium">{periodLabel}: </span> : null}
              {rangeText(data.range)}
            </>
          ) : null}
        </p>
      </div>
      <Card>
        <QueryList
          query={scorecards}
          what="scorecards"
          isEmpty={(data?.drivers.length ?? 0) === 0}
          empty={
            <EmptyState title="No drivers to score">
              Scorecards list the drivers of your account. A trip counts for a driver when the vehicle&apos;s authorised drivers give them the key it started with.
            </EmptyState>
          }
        >
          <div className="-mx-4 overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Driver scorecards, {data ? rangeText(data.range) : ""}</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sort.key === column.key ? (sort.descending ? "descending" : "ascending") : undefined}
                      className={`px-3 py-2 font-medium sm:px-4 ${column.className ?? ""}`}
                    >
                      <button type="button" onClick={() => sortBy(column)} className="inline-flex items-center gap-1 uppercase hover:text-slate-800">
                        {column.label}
                        <span aria-hidden="true">{sort.key === column.key ? (sort.descending ? "↓" : "↑") : ""}</span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...sorted, ...idle].map((card) => (
                  <Fragment key={card.driver.id}>
                    <tr data-testid="scorecard-row" className={card.rank === null ? "text-slate-500" : ""}>
                      <td className="px-3 py-3 tabular-nums sm:px-4">{card.rank ?? "–"}</td>
                      <td className="px-3 py-3 sm:px-4">
                        <button
                          type="button"
                          aria-expanded={open === card.driver.id}
                          onClick={() => setOpen(open === card.driver.id ? null : card.driver.id)}
                          className="text-left font-medium text-blue-700 hover:underline"
                        >
                          {card.driver.name}
                        </button>
                      </td>
                      <td className="px-3 py-3 text-right font-semibold tabular-nums text-slate-900 sm:px-4">
                        {card.score ?? <span className="whitespace-nowrap text-xs font-normal text-slate-500">No driving</span>}
                      </td>
                      <td className="px-3 py-3 sm:px-4">
                        <span className="flex items-center gap-2">
                          <TrendSparkline
                            scores={[...card.trend, card.score]}
                            label={`Scores of the last ${card.trend.length + 1} ${period}s: ${[...card.trend, card.score].map((score) => score ?? "no driving").join(", ")}`}
                          />
                          {card.rank === null ? null : <ChangeArrow change={card.change} />}
                        </span>
                      </td>
                      <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell sm:px-4">{card.trips}</td>
                      <td className="hidden whitespace-nowrap px-3 py-3 text-right tabular-nums sm:table-cell sm:px-4">{km(card.distance_km)}</td>
                      <td className="hidden px-3 py-3 text-right tabular-nums md:table-cell md:px-4">{card.events_per_100km.total ?? "–"}</td>
                    </tr>
                    {open === card.driver.id && data ? (
                      <tr>
                        <td colSpan={COLUMNS.length} className="bg-slate-50 px-4 py-3">
                          <DriverDetails card={card} trendRanges={data.trend_ranges} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        </QueryList>
      </Card>
    </>
  );
}

function DriverDetails({ card, trendRanges }: { card: DriverScorecardDto; trendRanges: ScorecardPeriodDto[] }) {
  const figures: [string, string][] = [
    ["Trips", String(card.trips)],
    ["Distance", km(card.distance_km)],
    ["Driving time", durationText(card.driving_s)],
    ...SCORECARD_EVENT_KINDS.map((kind): [string, string] => {
      const rate = card.events_per_100km[kind];
      return [EVENT_WORDS[kind], `${card.events[kind]}${rate === null ? "" : ` (${rate} per 100 km)`}`];
    }),
  ];
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2" data-testid="scorecard-details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {figures.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="tabular-nums text-slate-900">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <div>
        <p className="mb-1 text-slate-500">Score in the periods before</p>
        <ul className="space-y-0.5">
          {trendRanges.map((range, i) => (
            <li key={range.from} className="flex justify-between gap-4 tabular-nums">
              <span className="text-slate-600">{rangeText(range)}</span>
              <span className="text-slate-900">{card.trend[i] ?? "No driving"}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
