"use client";
// The day's run on a route-based link's page: "Today's run is cancelled", or the run's times, and the notice the
// team wrote for passengers (spec: a run's notice is "shown to passengers on the run's link"). Read with the viewer
// session when the page opens, every 5 minutes while it stays open, and again after the vehicle changed (a new run
// for the day usually brings both). Links that follow a vehicle have no run: nothing is shown or asked.
import { useEffect, useState } from "react";
import type { PublicRun } from "@/server/modules/routes/routes.schema";
import { fetchRun } from "./public-tracking-api";

/** how often an open page reads the day's run again */
export const RUN_REFRESH_MS = 5 * 60_000;

function useDaysRun(uuid: string, token: string | null, vehicleChanges: number): PublicRun | null {
  const [run, setRun] = useState<PublicRun | null>(null);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    const read = async () => {
      const answer = await fetchRun(uuid, token);
      // a failed read keeps what is shown: the next one corrects it
      if (!cancelled && answer.ok) setRun(answer.data);
    };
    void read();
    const timer = setInterval(() => void read(), RUN_REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [uuid, token, vehicleChanges]);
  return run;
}

export function RunNotice({ uuid, token, vehicleChanges }: { uuid: string; token: string | null; vehicleChanges: number }) {
  const run = useDaysRun(uuid, token, vehicleChanges);
  if (!run) return null;
  const cancelled = run.status === "cancelled";
  const times = run.start_time && run.end_time ? `${run.start_time}–${run.end_time}` : (run.start_time ?? null);
  return (
    <section
      aria-label="Today's run"
      data-testid="run-notice"
      className={`mt-3 rounded-lg p-3 text-sm ring-1 ${cancelled ? "bg-amber-50 text-amber-950 ring-amber-300" : "bg-slate-50 text-slate-800 ring-slate-200"}`}
    >
      <p className="font-semibold">{cancelled ? "Today's run is cancelled" : times ? `Today's run: ${times}` : "Today's run"}</p>
      {run.notice ? <p className="mt-1 whitespace-pre-line">{run.notice}</p> : null}
    </section>
  );
}
