"use client";
// The member's own notification settings in this account (docs/notifications.md "Preferences"): the phone SMS alerts
// go to, the time zone of quiet hours and the daily digest, quiet hours, the e-mail digest, and a matrix of alert
// types by channel. The matrix edits the same preference rows the worker reads, one cell at a time
// (effective-preference.ts), so rows set by an integrator for every type or channel keep their meaning, and an e-mail
// type turned off by an unsubscribe link shows as off and can be switched back on here. Saved as one document.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ALERT_TYPE_LABELS } from "@/server/modules/alerts/alert-labels";
import { preferenceEnabled, withPreference } from "@/server/modules/notification-settings/effective-preference";
import {
  DIGESTS,
  PREFERENCE_CHANNELS,
  type Digest,
  type NotificationSettingsDto,
  type PreferenceChannel,
} from "@/server/modules/notification-settings/notification-settings.schema";
import { ALERT_TYPES } from "@/server/modules/stream/channel-messages";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { Field } from "../../../_components/ui/field";
import { FieldNote } from "../../../_components/ui/field-note";
import { SelectField } from "../../../_components/ui/select-field";

const CHANNEL_LABELS: Record<PreferenceChannel, string> = { email: "E-mail", sms: "SMS", in_app: "In app" };
const DIGEST_LABELS: Record<Digest, string> = {
  off: "Off: each alert e-mail at once",
  hourly: "Hourly: one e-mail at the next full hour",
  daily: "Daily: one e-mail at 08:00",
};

/** the form's fields and the API fields whose errors they show */
const API_FIELDS = { phone: "phone", timeZone: "time_zone", quietStart: "quiet_start", quietEnd: "quiet_end", digest: "digest" } as const;

interface Values {
  phone: string;
  /** "" is the account's zone */
  timeZone: string;
  quietStart: string;
  quietEnd: string;
  digest: Digest;
  preferences: NotificationSettingsDto["preferences"];
}

const toValues = (settings: NotificationSettingsDto): Values => ({
  phone: settings.phone ?? "",
  timeZone: settings.time_zone ?? "",
  quietStart: settings.quiet_start ?? "",
  quietEnd: settings.quiet_end ?? "",
  digest: settings.digest,
  preferences: settings.preferences,
});

export function NotificationSettingsCard({
  accountKey,
  initial,
  accountTimeZone,
  timeZones,
}: {
  accountKey: string;
  initial: NotificationSettingsDto;
  accountTimeZone: string;
  timeZones: string[];
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [values, setValues] = useState(() => toValues(initial));
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.notifications.settings.update.mutationOptions({
      onSuccess: (settings) => {
        setValues(toValues(settings));
        setSaved(true);
        router.refresh(); // the time zone every time on the dashboard is shown in (the account layout reads it)
      },
    }),
  );
  const failure = save.error ? describeError(save.error) : null;
  const fields = failure?.fields ?? {};
  const preferenceError = Object.entries(fields).find(([field]) => field.startsWith("preferences"))?.[1];
  const otherError = failure && Object.keys(fields).length === 0 ? failure.message : null;

  const change = (next: Partial<Values>) => {
    setSaved(false);
    setValues((current) => ({ ...current, ...next }));
  };
  /** what every field of the form carries: its name, value, change and the server's error (the selects offer only valid values) */
  const bind = (field: keyof typeof API_FIELDS) => ({
    name: field,
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change({ [field]: event.target.value }),
    error: fields[API_FIELDS[field]],
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate({
      accountKey,
      settings: {
        phone: values.phone.trim() || null,
        time_zone: values.timeZone || null,
        quiet_start: values.quietStart || null,
        quiet_end: values.quietEnd || null,
        digest: values.digest,
        preferences: values.preferences,
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Notifications">
      <Card title="Notifications">
        <p className="mb-4 text-sm text-slate-600">How alerts of this account reach you. Critical alerts ignore quiet hours and the digest.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Mobile phone for SMS" type="tel" autoComplete="tel" placeholder="+37060012345" hint="With the country code. Empty: no SMS." {...bind("phone")} />
          <SelectField
            label="Time zone"
            hint="For quiet hours, the daily digest and every time the dashboard shows."
            options={[
              { value: "", label: `The account's (${accountTimeZone.replaceAll("_", " ")})` },
              ...timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
            ]}
            {...bind("timeZone")}
          />
          <Field label="Quiet hours from" type="time" hint="Alerts inside are delayed to the end, never dropped." {...bind("quietStart")} />
          <Field label="Quiet hours until" type="time" hint="Leave both empty for none; 22:00 until 07:00 crosses midnight." {...bind("quietEnd")} />
          <SelectField
            label="E-mail digest"
            className="sm:col-span-2"
            options={DIGESTS.map((digest) => ({ value: digest, label: DIGEST_LABELS[digest] }))}
            {...bind("digest")}
          />
        </div>

        <fieldset className="mt-6">
          <legend className="text-sm font-medium text-slate-700">Alerts by channel</legend>
          <p className="mt-1 text-xs text-slate-500">
            Untick what you do not want. An e-mail you unsubscribed from by its link shows here as off: tick it to get those e-mails again.
          </p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Alert
                  </th>
                  {PREFERENCE_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-medium">
                      {CHANNEL_LABELS[channel]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ALERT_TYPES.map((type) => (
                  <tr key={type} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-800">
                      {ALERT_TYPE_LABELS[type]}
                    </th>
                    {PREFERENCE_CHANNELS.map((channel) => (
                      <td key={channel} className="px-1 py-2 text-center">
                        <input
                          type="checkbox"
                          className="h-5 w-5"
                          aria-label={`${ALERT_TYPE_LABELS[type]} by ${CHANNEL_LABELS[channel]}`}
                          checked={preferenceEnabled(values.preferences, type, channel)}
                          onChange={(event) => change({ preferences: withPreference(values.preferences, type, channel, event.target.checked) })}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <FieldNote id="notification-preferences-note" error={preferenceError} />
        </fieldset>

        <div className="mt-4 space-y-3">
          {otherError ? <Alert tone="error">{otherError}</Alert> : null}
          {failure && !otherError ? <Alert tone="error">Some settings are not valid: see the fields above.</Alert> : null}
          {saved ? <Alert tone="success">Notification settings saved.</Alert> : null}
          <Button type="submit" busy={save.isPending}>
            Save notification settings
          </Button>
        </div>
      </Card>
    </form>
  );
}
