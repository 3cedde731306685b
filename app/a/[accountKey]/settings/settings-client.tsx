"use client";
// Account settings: name and time zone, branding of the public tracking pages (logo, colour, company name) with a
// live preview of their header, the default contact details shown to the people following a vehicle, and how long
// the account's history is kept, and whether asset photos keep their EXIF location.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";
import { SelectField } from "../../../_components/ui/select-field";

export interface SettingsValues {
  name: string;
  brandingLogoUrl: string;
  brandingPrimaryColor: string;
  brandingCompanyName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  timeZone: string;
  /** days, as typed; "" keeps everything */
  historyRetentionDays: string;
  /** serve asset photos with their EXIF location (default: stripped) */
  photoKeepLocation: boolean;
}

const DEFAULT_COLOUR = "#2563eb";
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function SettingsClient({ accountKey, initial, timeZones }: { accountKey: string; initial: SettingsValues; timeZones: string[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.accounts.updateSettings.mutationOptions({
      onSuccess: (account) => {
        setSaved(true);
        setValues({
          name: account.name,
          brandingLogoUrl: account.brandingLogoUrl ?? "",
          brandingPrimaryColor: account.brandingPrimaryColor ?? "",
          brandingCompanyName: account.brandingCompanyName ?? "",
          contactName: account.contactName ?? "",
          contactEmail: account.contactEmail ?? "",
          contactPhone: account.contactPhone ?? "",
          timeZone: account.timeZone,
          historyRetentionDays: account.historyRetentionDays === null ? "" : String(account.historyRetentionDays),
          photoKeepLocation: account.photoKeepLocation,
        });
        router.refresh(); // the account name in the navigation, the time zone times are shown in
      },
    }),
  );
  const failure = save.error ? describeError(save.error) : null;
  const set = (field: keyof SettingsValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setSaved(false);
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    // "" clears an optional setting on the server.
    const days = values.historyRetentionDays.trim();
    save.mutate({ accountKey, ...values, name: values.name.trim(), historyRetentionDays: days === "" ? null : Number(days) });
  }

  const colour = HEX_COLOUR.test(values.brandingPrimaryColor) ? values.brandingPrimaryColor : DEFAULT_COLOUR;

  return (
    <>
      <PageHeader title="Settings" description="How this account is named, its time zone, and how its public tracking pages look." />
      <div className="grid gap-6 lg:grid-cols-5">
        <form onSubmit={submit} noValidate className="space-y-6 lg:col-span-3">
          <Card title="Account">
            <Field label="Account name" name="name" value={values.name} onChange={set("name")} error={failure?.fields.name} required />
            <p className="mt-2 text-xs text-slate-500">
              Account key: <code>{accountKey}</code> (used in API paths; it does not change).
            </p>
            <SelectField
              label="Time zone"
              name="timeZone"
              className="mt-4"
              value={values.timeZone}
              onChange={set("timeZone")}
              options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
              error={failure?.fields.timeZone}
              hint="Tracking-link schedules and times (start, time limit) are set in this zone, and passengers see times in it."
            />
          </Card>
          <Card title="Branding">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Company name"
                name="brandingCompanyName"
                value={values.brandingCompanyName}
                onChange={set("brandingCompanyName")}
                error={failure?.fields.brandingCompanyName}
                className="sm:col-span-2"
              />
              <Field
                label="Logo URL"
                name="brandingLogoUrl"
                type="url"
                placeholder="https://example.com/logo.png"
                value={values.brandingLogoUrl}
                onChange={set("brandingLogoUrl")}
                error={failure?.fields.brandingLogoUrl}
                hint="An http(s) address of an image"
                className="sm:col-span-2"
              />
              <Field
                label="Primary colour"
                name="brandingPrimaryColor"
                placeholder="#2563eb"
                value={values.brandingPrimaryColor}
                onChange={set("brandingPrimaryColor")}
                error={failure?.fields.brandingPrimaryColor}
                hint="Hex colour, e.g. #2563eb"
              />
              <div>
                <label htmlFor="colour-picker" className="mb-1 block text-sm font-medium text-slate-700">
                  Pick a colour
                </label>
                <input
                  id="colour-picker"
                  type="color"
                  value={colour}
                  onChange={set("brandingPrimaryColor")}
                  className="h-10 w-20 cursor-pointer rounded-md ring-1 ring-slate-300"
                />
              </div>
            </div>
          </Card>
          <Card title="History">
            <Field
              label="Keep history for (days)"
              name="historyRetentionDays"
              inputMode="numeric"
              placeholder="Keep everything"
              value={values.historyRetentionDays}
              onChange={set("historyRetentionDays")}
              error={failure?.fields.historyRetentionDays}
              hint="Positions, trips and fired alerts older than this are deleted, hourly. Leave empty to keep everything. Each vehicle's last known position always stays."
            />
          </Card>
          <Card title="Asset photos">
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="photoKeepLocation"
                className="mt-0.5"
                checked={values.photoKeepLocation}
                onChange={(event) => {
                  setSaved(false);
                  setValues((current) => ({ ...current, photoKeepLocation: event.target.checked }));
                }}
              />
              <span>
                Keep where photos were taken
                <span className="block text-xs text-slate-500">
                  Off: photos are shown and downloaded without their location and other camera data (EXIF). On: the
                  original files are served, GPS position included, and the API answers each photo&apos;s location.
                </span>
              </span>
            </label>
          </Card>
          <Card title="Default contact details">
            <p className="mb-4 text-sm text-slate-600">Shown on tracking pages so people know whom to call.</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Contact name" name="contactName" value={values.contactName} onChange={set("contactName")} error={failure?.fields.contactName} />
              <Field label="Contact phone" name="contactPhone" type="tel" value={values.contactPhone} onChange={set("contactPhone")} error={failure?.fields.contactPhone} />
              <Field
                label="Contact e-mail"
                name="contactEmail"
                type="email"
                value={values.contactEmail}
                onChange={set("contactEmail")}
                error={failure?.fields.contactEmail}
                className="sm:col-span-2"
              />
            </div>
          </Card>
          {failure ? <Alert>{Object.keys(failure.fields).length > 0 ? "Check the highlighted fields." : failure.message}</Alert> : null}
          {saved ? <Alert tone="success">Settings saved.</Alert> : null}
          <div className="flex justify-end">
            <Button type="submit" busy={save.isPending}>
              Save settings
            </Button>
          </div>
        </form>

        <aside className="lg:col-span-2">
          <div className="lg:sticky lg:top-8">
            <h2 className="mb-2 text-sm font-medium text-slate-700">Preview of a public tracking page</h2>
            <TrackingPreview values={values} colour={colour} />
          </div>
        </aside>
      </div>
    </>
  );
}

function TrackingPreview({ values, colour }: { values: SettingsValues; colour: string }) {
  const company = values.brandingCompanyName.trim() || values.name.trim() || "Your company";
  const logo = /^https?:\/\//.test(values.brandingLogoUrl.trim()) ? values.brandingLogoUrl.trim() : null;
  return (
    <figure aria-label="Tracking page preview" className="overflow-hidden rounded-xl bg-white shadow ring-1 ring-slate-200">
      <header className="flex items-center gap-3 px-4 py-3 text-white" style={{ backgroundColor: colour }}>
        {logo ? (
          // Any host the admin chooses; next/image would need each one allow-listed.
          <img src={logo} alt={`${company} logo`} className="h-8 max-w-24 rounded bg-white/90 object-contain p-0.5" />
        ) : (
          <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded bg-white/20 text-sm font-bold">
            {company.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="truncate font-semibold">{company}</span>
      </header>
      <div className="space-y-3 p-4">
        <div className="flex h-32 items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-500">Map</div>
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-900">Your delivery is on its way</span>
          <span className="rounded-full px-2 py-0.5 text-xs font-medium text-white" style={{ backgroundColor: colour }}>
            12 min
          </span>
        </div>
        {values.contactName || values.contactPhone || values.contactEmail ? (
          <p className="text-xs text-slate-600">
            Questions? {values.contactName || "Contact us"}
            {values.contactPhone ? ` · ${values.contactPhone}` : ""}
            {values.contactEmail ? ` · ${values.contactEmail}` : ""}
          </p>
        ) : (
          <p className="text-xs text-slate-400">Contact details appear here.</p>
        )}
      </div>
    </figure>
  );
}
