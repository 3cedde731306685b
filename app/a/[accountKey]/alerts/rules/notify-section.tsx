"use client";
// "Who hears about it": the rule form's section for the rule's `notify` block (docs/notifications.md): channels,
// roles, members by name, extra addresses and numbers, "critical", and while critical, up to five escalation steps
// with their own channels and recipients. Controlled state (notify-draft.ts); the server's field errors are shown
// beside the control they concern.
import { useId } from "react";
import { NOTIFY_CHANNELS, NOTIFY_LIMITS, MEMBER_ROLES, type NotifyChannel } from "@/server/modules/notifications/notify-config";
import type { NotifyMember } from "@/server/modules/notifications/list-notify-members";
import { ROLE_LABELS } from "@/server/modules/users/roles";
import { CHANNEL_LABELS } from "../notify-labels";
import { Button } from "../../../../_components/ui/button";
import { Field } from "../../../../_components/ui/field";
import { FieldNote } from "../../../../_components/ui/field-note";
import { TextAreaField } from "../../../../_components/ui/text-area-field";
import { newStep, toggled, type NotifyDraft, type NotifyErrors, type RecipientErrors, type RecipientsDraft, type StepDraft, type StepErrors } from "./notify-draft";

const BOX = "rounded-md p-2 ring-1 ring-inset ring-slate-200";

export function NotifySection({
  draft,
  onChange,
  members,
  errors,
}: {
  draft: NotifyDraft;
  onChange: (draft: NotifyDraft) => void;
  /** null while loading */
  members: NotifyMember[] | null;
  errors: NotifyErrors;
}) {
  const set = (patch: Partial<NotifyDraft>) => onChange({ ...draft, ...patch });
  const setStep = (index: number, step: StepDraft) => set({ escalation: draft.escalation.map((s, i) => (i === index ? step : s)) });
  const criticalNote = useId();
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-4 sm:col-span-2" data-testid="notify-section">
      <legend className="text-base font-semibold text-slate-900">Who hears about it</legend>
      <p className="text-sm text-slate-600">Leave everything empty and nobody is notified; the alert is still listed on the Alerts page.</p>
      {errors.other ? <FieldNote id={`${criticalNote}-other`} error={errors.other} /> : null}
      <ChannelBoxes legend="Channels" value={draft.channels} onChange={(channels) => set({ channels })} error={errors.channels} />
      <RecipientFields value={draft} onChange={(recipients) => set(recipients)} members={members} errors={errors} />
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={draft.critical} onChange={(e) => set({ critical: e.target.checked })} aria-describedby={criticalNote} /> Critical
        </label>
        <FieldNote id={criticalNote} error={errors.critical} hint="Ignores quiet hours and digests, and may escalate until somebody acknowledges it" />
      </div>
      {draft.critical ? (
        <section aria-label="Escalation" className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">Escalation</h3>
          <p className="text-sm text-slate-600">If nobody has acknowledged the alert by then, these people are told as well.</p>
          {errors.escalation ? <FieldNote id={`${criticalNote}-escalation`} error={errors.escalation} /> : null}
          {draft.escalation.map((step, index) => (
            <EscalationStep
              key={step.key}
              index={index}
              step={step}
              onChange={(changed) => setStep(index, changed)}
              onRemove={() => set({ escalation: draft.escalation.filter((_, i) => i !== index) })}
              members={members}
              errors={errors.steps[index] ?? {}}
            />
          ))}
          {draft.escalation.length < NOTIFY_LIMITS.escalationSteps ? (
            <Button variant="secondary" onClick={() => set({ escalation: [...draft.escalation, newStep(draft.escalation.at(-1))] })}>
              Add escalation step
            </Button>
          ) : (
            <p className="text-sm text-slate-500">At most {NOTIFY_LIMITS.escalationSteps} steps.</p>
          )}
        </section>
      ) : null}
    </fieldset>
  );
}

function EscalationStep({
  index,
  step,
  onChange,
  onRemove,
  members,
  errors,
}: {
  index: number;
  step: StepDraft;
  onChange: (step: StepDraft) => void;
  onRemove: () => void;
  members: NotifyMember[] | null;
  errors: StepErrors;
}) {
  const set = (patch: Partial<StepDraft>) => onChange({ ...step, ...patch });
  const otherId = useId();
  return (
    <fieldset className={`space-y-3 ${BOX} p-3`} data-testid="escalation-step">
      <legend className="px-1 text-sm font-medium text-slate-700">Step {index + 1}</legend>
      {errors.other ? <FieldNote id={otherId} error={errors.other} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="After (minutes)"
          type="number"
          inputMode="numeric"
          min={NOTIFY_LIMITS.afterMinutes.min}
          max={NOTIFY_LIMITS.afterMinutes.max}
          value={step.afterMinutes}
          onChange={(e) => set({ afterMinutes: e.target.value })}
          error={errors.after_minutes}
          className="w-40"
        />
        <Button variant="secondary" onClick={onRemove} aria-label={`Remove step ${index + 1}`}>
          Remove step
        </Button>
      </div>
      <ChannelBoxes legend="Channels" value={step.channels} onChange={(channels) => set({ channels })} error={errors.channels} />
      <RecipientFields value={step} onChange={(recipients) => set(recipients)} members={members} errors={errors} />
    </fieldset>
  );
}

function ChannelBoxes({ legend, value, onChange, error }: { legend: string; value: NotifyChannel[]; onChange: (channels: NotifyChannel[]) => void; error?: string }) {
  const noteId = useId();
  return (
    <fieldset aria-describedby={error ? noteId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {NOTIFY_CHANNELS.map((channel) => (
          <label key={channel} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={value.includes(channel)} onChange={(e) => onChange(toggled(value, channel, e.target.checked))} /> {CHANNEL_LABELS[channel]}
          </label>
        ))}
      </div>
      <FieldNote id={noteId} error={error} />
    </fieldset>
  );
}

function RecipientFields({
  value,
  onChange,
  members,
  errors,
}: {
  value: RecipientsDraft;
  onChange: (recipients: RecipientsDraft) => void;
  members: NotifyMember[] | null;
  errors: RecipientErrors;
}) {
  const set = (patch: Partial<RecipientsDraft>) => onChange({ ...value, ...patch });
  const rolesNote = useId();
  const membersNote = useId();
  const known = new Set((members ?? []).map((m) => m.id));
  // a member chosen earlier who has left the account stays listed (and checked), so the form never drops them silently
  const gone = value.userIds.filter((id) => members !== null && !known.has(id));
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <fieldset aria-describedby={rolesNote} aria-invalid={errors.roles ? true : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Roles</legend>
        <div className="space-y-1">
          {MEMBER_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={value.roles.includes(role)} onChange={(e) => set({ roles: toggled(value.roles, role, e.target.checked) })} /> {ROLE_LABELS[role]}
            </label>
          ))}
        </div>
        <FieldNote id={rolesNote} error={errors.roles} hint="Everyone with the role, also people who join later" />
      </fieldset>
      <fieldset aria-describedby={membersNote} aria-invalid={errors.user_ids ? true : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Members</legend>
        <div className={`max-h-40 space-y-1 overflow-y-auto ${BOX}`}>
          {members === null ? <p className="text-sm text-slate-500">Loading members…</p> : null}
          {members?.length === 0 ? <p className="text-sm text-slate-500">No members yet.</p> : null}
          {(members ?? []).map((member) => (
            <label key={member.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={value.userIds.includes(member.id)}
                onChange={(e) => set({ userIds: toggled(value.userIds, member.id, e.target.checked) })}
              />
              <span className="min-w-0">
                <span className="block text-slate-900">{member.name}</span>
                <span className="block break-all text-xs text-slate-500">
                  {member.email}, {ROLE_LABELS[member.role]}
                </span>
              </span>
            </label>
          ))}
          {gone.map((id) => (
            <label key={id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked onChange={() => set({ userIds: toggled(value.userIds, id, false) })} /> User {id} (no longer a member)
            </label>
          ))}
        </div>
        <FieldNote id={membersNote} error={errors.user_ids} />
      </fieldset>
      <TextAreaField
        label="Other e-mail addresses"
        rows={2}
        value={value.emails}
        onChange={(e) => set({ emails: e.target.value })}
        error={errors.emails}
        hint="One a line, at most 50"
        placeholder="owner@example.com"
      />
      <TextAreaField
        label="Phone numbers (SMS)"
        rows={2}
        value={value.phones}
        onChange={(e) => set({ phones: e.target.value })}
        error={errors.phones}
        hint="One a line, with the country code: +37060012345"
        placeholder="+37060012345"
      />
    </div>
  );
}
