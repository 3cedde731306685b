"use client";
// The viewer's time zone, handed from the server (the account layout decides it: the member's own zone, else the
// account's) to every client component through one context, so all pages agree. useDates() binds the formatters of
// format-date.ts to it.
//
// Hydration: the server knows neither the browser's locale nor its zone, so a time formatted there would differ from
// the browser's first render. Until hydrated, the formatters print "…"; the browser then renders the real text.
// Times in the dashboard come from client queries, which arrive after that anyway.
import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import { formatAgo, formatDateTime, formatDay, formatTime, ownTimeZone, timeView, type DateInput, type TimeView } from "./format-date";

const ViewerTimeZone = createContext<string | null>(null);

export function ViewerTimeZoneProvider({ timeZone, children }: { timeZone: string; children: React.ReactNode }) {
  return <ViewerTimeZone.Provider value={timeZone}>{children}</ViewerTimeZone.Provider>;
}

/** the IANA zone every time on the page is shown in */
export function useViewerTimeZone(): string {
  const timeZone = useContext(ViewerTimeZone);
  if (timeZone === null) throw new Error("useViewerTimeZone() outside a ViewerTimeZoneProvider");
  return timeZone;
}

export interface Dates {
  /** null until hydrated */
  view: TimeView | null;
  dateTime: (value: DateInput) => string;
  time: (value: DateInput, options?: { seconds?: boolean }) => string;
  day: (value: DateInput) => string;
  ago: (value: number | string | Date, now: number) => string;
}

const PENDING = "…";

/** the formatters of format-date.ts in the viewer's zone and the browser's locale */
export function useDates(): Dates {
  const timeZone = useViewerTimeZone();
  const browserTimeZone = useSyncExternalStore(subscribeNever, ownTimeZone, () => null);
  return useMemo(() => {
    if (browserTimeZone === null) {
      return { view: null, dateTime: () => PENDING, time: () => PENDING, day: () => PENDING, ago: () => PENDING };
    }
    const view = timeView(timeZone, browserTimeZone);
    return {
      view,
      dateTime: (value) => formatDateTime(value, view),
      time: (value, options) => formatTime(value, view, options),
      day: (value) => formatDay(value, view),
      ago: (value, now) => formatAgo(value, now, view),
    };
  }, [timeZone, browserTimeZone]);
}

/** the browser's zone does not change while the page is open (a changed zone shows after a reload) */
function subscribeNever(): () => void {
  return () => {};
}
