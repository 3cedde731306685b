"use client";
// When a link works: start, time limit, arrival at a destination, and a weekly schedule. Every time is a wall-clock
// time in the account's zone, which the section names.
import { useId } from "react";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { FieldNote } from "../ui/field-note";
import type { LinkAccount } from "./link-account";
import type { LinkFieldsProps, LinkFormValues } from "./link-form-values";
import { WEEKDAYS } from "./link-labels";

export function LinkTimingFields({
  account,
  values,
  set,
  error,
  vehicle,
}: LinkFieldsProps & { account: LinkAccount; vehicle: AssetDto | null }) {
  const daysNoteId = useId();
  const position = vehicle?.last_position ?? null;
  const setDestination = (changes: Partial<LinkFormValues["destination"]>) => set({ destination: { ...values.destination, ...changes } });
  const setSchedule = (changes: Partial<LinkFormValues["schedule"]>) => set({ schedule: { ...values.schedule, ...changes } });
  const toggleDay = (day: number, on: boolean) =>
    setSchedule({ days: on ? [...values.schedule.days, day] : values.schedule.days.filter((d) => d !== day) });

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700">When the link works</legend>
      <p className="text-sm text-slate-600">
        Times are in the account&apos;s time zone, <strong>{account.timeZone}</strong> (set in Settings).
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Start"
          type="datetime-local"
          value={values.startsAt}
          onChange={(event) => set({ startsAt: event.target.value })}
          error={error("startsAt")}
          hint="Empty: at once"
        />
        <Field
          label="Time limit"
          type="datetime-local"
          value={values.expiresAt}
          onChange={(event) => set({ expiresAt: event.target.value })}
          error={error("expiresAt")}
          hint="The link expires then; empty: no time limit"
        />
      </div>

      <div className="rounded-md p-3 ring-1 ring-inset ring-slate-200">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={values.arrival} onChange={(event) => set({ arrival: event.target.checked })} />
          Expire when the vehicle arrives at a destination
        </label>
        {values.arrival ? (
          <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field
              label="Destination latitude"
              inputMode="decimal"
              value={values.destination.lat}
              onChange={(event) => setDestination({ lat: event.target.value })}
              placeholder="54.6872"
              error={error("destination.lat") ?? error("destination")}
            />
            <Field
              label="Destination longitude"
              inputMode="decimal"
              value={values.destination.lng}
              onChange={(event) => setDestination({ lng: event.target.value })}
              placeholder="25.2797"
              error={error("destination.lng")}
            />
            <Field
              label="Destination name"
              value={values.destination.name}
              onChange={(event) => setDestination({ name: event.target.value })}
              placeholder="Central station"
              error={error("destination.name")}
              hint="Optional, shown to viewers"
            />
            <Field
              label="Arrival radius (m)"
              type="number"
              min={20}
              value={values.destination.radiusM}
              onChange={(event) => setDestination({ radiusM: event.target.value })}
              error={error("destination.radiusM")}
              hint="Within this distance the vehicle has arrived"
            />
            {position ? (
              <div className="sm:col-span-2">
                <Button
                  variant="secondary"
                  onClick={() => setDestination({ lat: position.latitude.toFixed(6), lng: position.longitude.toFixed(6) })}
                >
                  Use the vehicle&apos;s last position
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="rounded-md p-3 ring-1 ring-inset ring-slate-200">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={values.scheduled} onChange={(event) => set({ scheduled: event.target.checked })} />
          Only on a weekly schedule
        </label>
        {values.scheduled ? (
          <div className="mt-3 space-y-4">
            <fieldset aria-describedby={error("schedule.days") ? daysNoteId : undefined}>
              <legend className="mb-1 text-sm font-medium text-slate-700">Days</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {WEEKDAYS.map(({ day, short, name }) => (
                  <label key={day} className="flex items-center gap-1.5 text-sm">
                    <input type="checkbox" checked={values.schedule.days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
                    <span aria-hidden>{short}</span>
                    <span className="sr-only">{name}</span>
                  </label>
                ))}
              </div>
              <FieldNote id={daysNoteId} error={error("schedule.days")} />
            </fieldset>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Field
                label="From"
                type="time"
                value={values.schedule.start}
                onChange={(event) => setSchedule({ start: event.target.value })}
                error={error("schedule.start") ?? error("schedule")}
              />
              <Field
                label="To"
                type="time"
                value={values.schedule.end}
                onChange={(event) => setSchedule({ end: event.target.value })}
                error={error("schedule.end")}
              />
              <Field
                label="Last day"
                type="date"
                value={values.schedule.until}
                onChange={(event) => setSchedule({ until: event.target.value })}
                error={error("schedule.until")}
                hint="Optional; the link expires after it"
              />
            </div>
            <p className="text-xs text-slate-500">
              Outside these hours viewers see the page but not the vehicle. Times are in {account.timeZone}.
            </p>
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
