"use client";
// The form of a tracking link, new or changed: name and vehicle, who may watch, when the link works (start, time
// limit, arrival at a destination, a weekly schedule; all in the account's time zone), how long a viewer's session
// lasts, and branding or contact details that differ from the account's. The server validates; each of its field
// errors appears under its field.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import { ACCESS_MODES, LINK_LIMITS, type TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import { FormDialog } from "../form-dialog";
import { describeError, useTRPC } from "../trpc";
import { Button, Field, FieldNote, SelectField, TextAreaField } from "../ui";
import type { LinkAccount } from "./link-account";
import { createBody, linkValues, newLinkValues, parseEmailList, updateBody, type BrandingField, type LinkFormValues } from "./link-form-values";
import { ACCESS_MODE_EXPLANATIONS, ACCESS_MODE_NAMES, formatMinutes, WEEKDAYS } from "./link-labels";

const ASSET_LIMIT = 500;
const SESSION_HOURS = [1, 2, 4, 8, 12, 24, 48, 72, 168];
const DEFAULT_COLOUR = "#2563eb";
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const BRANDING_LABELS: Record<BrandingField, { label: string; type?: string; hint?: string }> = {
  companyName: { label: "Company name" },
  logoUrl: { label: "Logo URL", type: "url", hint: "An http(s) address of an image" },
  primaryColor: { label: "Primary colour", hint: "Hex colour, e.g. #2563eb" },
  contactName: { label: "Contact name" },
  contactEmail: { label: "Contact e-mail", type: "email" },
  contactPhone: { label: "Contact phone", type: "tel" },
};

export function LinkDialog({
  account,
  link,
  preset,
  onClose,
  onSaved,
}: {
  account: LinkAccount;
  /** null: a new link */
  link: TrackingLinkDto | null;
  /** the vehicle a new link is for, when opened from its page */
  preset?: { id: number; name: string } | null;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const [initial] = useState(() => (link ? linkValues(link, account.timeZone) : newLinkValues(preset?.id ?? null)));
  const [values, setValues] = useState(initial);
  const assets = useQuery(trpc.assets.list.queryOptions({ accountKey: account.key, limit: ASSET_LIMIT }));
  const create = useMutation(trpc.trackingLinks.create.mutationOptions());
  const update = useMutation(trpc.trackingLinks.update.mutationOptions());
  const mutation = link ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const error = (field: string) => failure?.fields[field];
  const set = (changes: Partial<LinkFormValues>) => setValues((current) => ({ ...current, ...changes }));

  async function submit() {
    const saved = link
      ? await update.mutateAsync({ accountKey: account.key, linkId: link.id, body: updateBody(initial, values, account.timeZone) })
      : await create.mutateAsync({ accountKey: account.key, body: createBody(values, account.timeZone) });
    await onSaved(`${link ? "Saved" : "Created"} ${saved.display_name}.`);
  }

  const vehicles = vehicleOptions(assets.data?.data ?? [], link?.asset ?? preset ?? null);
  const vehicle = assets.data?.data.find((asset) => String(asset.id) === values.assetId) ?? null;

  return (
    <FormDialog
      title={link ? `Edit ${link.display_name}` : "New tracking link"}
      submitLabel={link ? "Save changes" : "Create link"}
      busy={mutation.isPending}
      failure={failure}
      wide
      formClassName="space-y-6"
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Vehicle"
          value={values.assetId}
          onChange={(event) => set({ assetId: event.target.value })}
          options={[{ value: "", label: assets.isPending ? "Loading vehicles…" : "Choose a vehicle…" }, ...vehicles]}
          error={error("assetId")}
        />
        <Field
          label="Display name"
          value={values.displayName}
          onChange={(event) => set({ displayName: event.target.value })}
          placeholder={vehicle?.name ?? link?.asset?.name ?? "Airport shuttle"}
          error={error("displayName")}
          hint={link ? "Shown to viewers" : "Shown to viewers; empty: the vehicle's name"}
        />
      </div>

      <AccessSection values={values} set={set} error={error} />
      <TimingSection account={account} values={values} set={set} error={error} vehicle={vehicle} />

      <SelectField
        label="Viewer session length"
        value={values.sessionMinutes}
        onChange={(event) => set({ sessionMinutes: event.target.value })}
        options={sessionOptions(Number(initial.sessionMinutes))}
        error={error("sessionMinutes")}
        hint="How long a viewer stays signed in to the page before verifying again"
      />

      <BrandingSection account={account} values={values} set={set} error={error} />

      <ActiveCheckbox checked={values.active} onChange={(active) => set({ active })} />
    </FormDialog>
  );
}

type SectionProps = {
  values: LinkFormValues;
  set: (changes: Partial<LinkFormValues>) => void;
  error: (field: string) => string | undefined;
};

function AccessSection({ values, set, error }: SectionProps) {
  // ids of the error note, and of each choice's name and explanation (the name alone labels its radio button)
  const noteId = useId();
  return (
    <fieldset aria-describedby={error("accessMode") ? noteId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Who may watch</legend>
      <div className="space-y-2">
        {ACCESS_MODES.map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="accessMode"
              value={mode}
              className="mt-0.5"
              checked={values.accessMode === mode}
              onChange={() => set({ accessMode: mode })}
              aria-labelledby={`${noteId}-${mode}`}
              aria-describedby={`${noteId}-${mode}-explained`}
            />
            <span>
              <span id={`${noteId}-${mode}`} className="font-medium text-slate-900">
                {ACCESS_MODE_NAMES[mode]}
              </span>
              <span id={`${noteId}-${mode}-explained`} className="block text-slate-500">
                {ACCESS_MODE_EXPLANATIONS[mode]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldNote id={noteId} error={error("accessMode")} />
      {values.accessMode === "authorized_only" ? (
        <TextAreaField
          label="Allowed e-mail addresses"
          className="mt-3"
          rows={4}
          value={values.allowedEmails}
          onChange={(event) => set({ allowedEmails: event.target.value })}
          placeholder={"anna@example.com\nben@example.com"}
          error={emailListError(values.allowedEmails, error)}
          hint="One per line, or separated by commas"
        />
      ) : null}
    </fieldset>
  );
}

function TimingSection({ account, values, set, error, vehicle }: SectionProps & { account: LinkAccount; vehicle: AssetDto | null }) {
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

function BrandingSection({ account, values, set, error }: SectionProps & { account: LinkAccount }) {
  const setBranding = (field: BrandingField, value: string) => set({ branding: { ...values.branding, [field]: value } });
  const hasOverride = Object.values(values.branding).some((value) => value.trim() !== "");
  const hasError = Object.keys(BRANDING_LABELS).some((field) => error(`branding.${field}`));
  const colour = [values.branding.primaryColor, account.defaults.primaryColor].find((value) => HEX_COLOUR.test(value)) ?? DEFAULT_COLOUR;
  return (
    <details open={hasOverride || hasError} className="rounded-md p-3 ring-1 ring-inset ring-slate-200">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Branding and contact for this link</summary>
      <p className="mt-2 text-sm text-slate-600">Empty fields use the account&apos;s settings, shown greyed in each field.</p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {(Object.keys(BRANDING_LABELS) as BrandingField[]).map((field) => {
          const { label, type, hint } = BRANDING_LABELS[field];
          const input = (
            <Field
              key={field}
              label={label}
              type={type}
              value={values.branding[field]}
              onChange={(event) => setBranding(field, event.target.value)}
              placeholder={account.defaults[field] || "Not set for the account"}
              error={error(`branding.${field}`)}
              hint={hint}
              className={field === "logoUrl" || field === "companyName" ? "sm:col-span-2" : ""}
            />
          );
          if (field !== "primaryColor") return input;
          return (
            <div key={field} className="flex items-start gap-3">
              <div className="min-w-0 flex-1">{input}</div>
              <ColourPicker value={colour} onChange={(value) => setBranding("primaryColor", value)} />
            </div>
          );
        })}
      </div>
    </details>
  );
}

function ColourPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        <span aria-hidden>Pick</span>
        <span className="sr-only">Pick the primary colour</span>
      </label>
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-14 cursor-pointer rounded-md ring-1 ring-slate-300"
      />
    </div>
  );
}

function ActiveCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const explanationId = useId();
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input type="checkbox" className="mt-0.5" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={explanationId} />
      <span>
        <span className="font-medium">Active</span>
        <span id={explanationId} className="block text-slate-500">
          Untick to prepare a link without opening it yet, or to shut it at once: its viewers are disconnected.
        </span>
      </span>
    </label>
  );
}

/** the account's vehicles, plus the link's own if it is not among them (an account past the first page) */
function vehicleOptions(assets: AssetDto[], own: { id: number; name: string } | null) {
  const options = assets.map((asset) => ({ value: String(asset.id), label: asset.plate ? `${asset.name} (${asset.plate})` : asset.name }));
  if (own && !assets.some((asset) => asset.id === own.id)) options.unshift({ value: String(own.id), label: own.name });
  return options;
}

function sessionOptions(current: number) {
  const minutes = SESSION_HOURS.map((hours) => hours * 60);
  if (!minutes.includes(current)) minutes.push(current);
  return minutes
    .sort((a, b) => a - b)
    .map((value) => ({ value: String(value), label: `${formatMinutes(value)}${value === LINK_LIMITS.defaultSessionMinutes ? " (default)" : ""}` }));
}

/** the list's error; an error about one address (allowedEmails.2) names that address */
function emailListError(text: string, error: (field: string) => string | undefined): string | undefined {
  const whole = error("allowedEmails");
  if (whole) return whole;
  const emails = parseEmailList(text);
  for (let index = 0; index < emails.length; index++) {
    const message = error(`allowedEmails.${index}`);
    if (message) return `${emails[index]}: ${message}`;
  }
  return undefined;
}
