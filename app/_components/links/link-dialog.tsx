"use client";
// The form of a tracking link, new or changed: name and what it follows (a vehicle or a route), who may watch, when the link works (start, time
// limit, arrival at a destination, a weekly schedule; all in the account's time zone), how long a viewer's session
// lasts, the passenger form viewers can send, and branding or contact details that differ from the account's. The
// server validates; each of its field errors appears under its field.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { LINK_LIMITS, type TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import { FormDialog } from "../form-dialog";
import { describeError, useTRPC } from "../trpc";
import { Field } from "../ui/field";
import { SelectField } from "../ui/select-field";
import { LinkAccessFields } from "./link-access-fields";
import type { LinkAccount } from "./link-account";
import { LinkBrandingFields } from "./link-branding-fields";
import { LinkTargetFields } from "./link-target-fields";
import { createBody, linkValues, newLinkValues, updateBody, type LinkFormValues } from "./link-form-values";
import { formatMinutes } from "./link-labels";
import { LinkPassengerFormFields } from "./link-passenger-form-fields";
import { LinkTimingFields } from "./link-timing-fields";

const ASSET_LIMIT = 500;
const SESSION_HOURS = [1, 2, 4, 8, 12, 24, 48, 72, 168];

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

  const vehicle = values.follows === "vehicle" ? (assets.data?.data.find((asset) => String(asset.id) === values.assetId) ?? null) : null;
  const namePlaceholder = values.follows === "route" ? "Morning route" : (vehicle?.name ?? link?.asset?.name ?? "Airport shuttle");

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
      <LinkTargetFields
        account={account}
        link={link}
        preset={preset ?? null}
        values={values}
        set={set}
        error={error}
        assets={{ data: assets.data?.data ?? [], pending: assets.isPending }}
      />
      <Field
        label="Display name"
        value={values.displayName}
        onChange={(event) => set({ displayName: event.target.value })}
        placeholder={namePlaceholder}
        error={error("displayName")}
        hint={link ? "Shown to viewers" : `Shown to viewers; empty: the ${values.follows === "route" ? "route's" : "vehicle's"} name`}
      />

      <LinkAccessFields values={values} set={set} error={error} />
      <LinkTimingFields account={account} values={values} set={set} error={error} vehicle={vehicle} />

      <SelectField
        label="Viewer session length"
        value={values.sessionMinutes}
        onChange={(event) => set({ sessionMinutes: event.target.value })}
        options={sessionOptions(Number(initial.sessionMinutes))}
        error={error("sessionMinutes")}
        hint="How long a viewer stays signed in to the page before verifying again"
      />

      <LinkPassengerFormFields values={values} set={set} error={error} />

      <LinkBrandingFields account={account} values={values} set={set} error={error} />

      <ActiveCheckbox checked={values.active} onChange={(active) => set({ active })} />
    </FormDialog>
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

function sessionOptions(current: number) {
  const minutes = SESSION_HOURS.map((hours) => hours * 60);
  if (!minutes.includes(current)) minutes.push(current);
  return minutes
    .sort((a, b) => a - b)
    .map((value) => ({ value: String(value), label: `${formatMinutes(value)}${value === LINK_LIMITS.defaultSessionMinutes ? " (default)" : ""}` }));
}
