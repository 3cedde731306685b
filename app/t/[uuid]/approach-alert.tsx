"use client";
// "Alert me before the bus arrives" on a passenger's own link: the contact chooses how many minutes before the bus
// reaches their stop one message should come (once per run, by e-mail or SMS: docs/passengers.md), or turns it off.
// The choice is saved as soon as it is made; the line below says what will happen, or why it cannot (messages
// stopped, no contact on file).
import { useEffect, useState } from "react";
import { APPROACH_ALERT_LABEL, type ApproachAlertDto } from "@/server/modules/passengers/passengers.schema";
import { readApproachAlert, setApproachAlert } from "./public-tracking-api";

/** the choices offered; the API takes any whole number from 1 to 30 */
const CHOICES = [2, 5, 10, 15, 20] as const;

type Status = { name: "loading" } | { name: "ready"; alert: ApproachAlertDto } | { name: "saving"; alert: ApproachAlertDto } | { name: "failed"; alert: ApproachAlertDto | null; message: string };

export function ApproachAlert({ uuid, token }: { uuid: string; token: string }) {
  const [status, setStatus] = useState<Status>({ name: "loading" });

  useEffect(() => {
    let cancelled = false;
    void readApproachAlert(uuid, token).then((answer) => {
      if (cancelled) return;
      setStatus(answer.ok ? { name: "ready", alert: answer.data } : { name: "failed", alert: null, message: answer.message });
    });
    return () => {
      cancelled = true;
    };
  }, [uuid, token]);

  const alert = status.name === "loading" ? null : status.alert;
  // a link that is not a passenger's, or a passenger with nowhere to send it and nothing set: nothing to offer
  if (status.name === "loading" || !alert || (!alert.available && alert.minutes === null)) return null;

  async function choose(minutes: number | null) {
    setStatus({ name: "saving", alert: alert! });
    const answer = await setApproachAlert(uuid, token, minutes);
    setStatus(answer.ok ? { name: "ready", alert: answer.data } : { name: "failed", alert, message: answer.message });
  }

  const by = alert.channel === "sms" ? "a text message" : "an e-mail";
  return (
    <section aria-labelledby="approach-alert" className="mt-4 border-t border-slate-200 pt-3" data-testid="approach-alert">
      <h2 id="approach-alert" className="text-sm font-semibold text-slate-900">
        {APPROACH_ALERT_LABEL}
      </h2>
      <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <span>Send it</span>
        <select
          className="min-h-11 rounded-lg px-2 text-sm text-slate-900 ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60"
          value={alert.minutes === null ? "" : String(alert.minutes)}
          disabled={status.name === "saving" || !alert.available}
          onChange={(event) => void choose(event.target.value === "" ? null : Number(event.target.value))}
        >
          <option value="">Off</option>
          {[...new Set([...CHOICES, ...(alert.minutes === null ? [] : [alert.minutes])])]
            .sort((a, b) => a - b)
            .map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes before
              </option>
            ))}
        </select>
      </label>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-slate-700">
        {status.name === "failed" ? (
          <span className="text-red-800">{status.message}</span>
        ) : status.name === "saving" ? (
          "Saving…"
        ) : alert.minutes === null ? (
          `Off. Choose a time to get ${by} once per trip before the bus reaches your stop.`
        ) : (
          `On: ${by} about ${alert.minutes} minutes before the bus reaches your stop, once per trip.`
        )}
      </p>
    </section>
  );
}
