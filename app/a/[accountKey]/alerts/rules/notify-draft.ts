// The rule form's "Who hears about it" section as editable state, and the way back to the rule's `notify` block
// (docs/notifications.md "Recipients and channels"). Kept apart from the drawing so the round trip is testable: a
// stored block read into a draft and sent back unchanged is the same block, and a rule without one (null) stays null.
// Validation is the server's; here the server's field errors (`notify.emails.0`) are only sorted to the controls.
import type { MEMBER_ROLES, NotifyChannel, NotifyConfig } from "@/server/modules/notifications/notify-config";

export type MemberRole = (typeof MEMBER_ROLES)[number];

/** who: roles, members by id, and extra addresses and numbers as typed (one per line) */
export interface RecipientsDraft {
  roles: MemberRole[];
  userIds: number[];
  emails: string;
  phones: string;
}

export interface StepDraft extends RecipientsDraft {
  /** React key: steps are added and removed in the middle */
  key: number;
  /** as typed; the server says what is wrong with it */
  afterMinutes: string;
  channels: NotifyChannel[];
}

export interface NotifyDraft extends RecipientsDraft {
  channels: NotifyChannel[];
  critical: boolean;
  /** kept while `critical` is off (so turning it on again brings them back), but only sent with it on */
  escalation: StepDraft[];
}

let nextKey = 1;
const newKey = () => nextKey++;

function recipientsDraft(recipients: { roles?: MemberRole[]; user_ids?: number[]; emails?: string[]; phones?: string[] } | null): RecipientsDraft {
  return {
    roles: [...(recipients?.roles ?? [])],
    userIds: [...(recipients?.user_ids ?? [])],
    emails: (recipients?.emails ?? []).join("\n"),
    phones: (recipients?.phones ?? []).join("\n"),
  };
}

/** a stored block (or null: nobody is notified) as the form's state */
export function notifyDraft(notify: NotifyConfig | null): NotifyDraft {
  return {
    ...recipientsDraft(notify),
    channels: [...(notify?.channels ?? [])],
    critical: notify?.critical ?? false,
    escalation: (notify?.escalation ?? []).map((step) => ({
      ...recipientsDraft(step),
      key: newKey(),
      afterMinutes: String(step.after_minutes),
      channels: [...step.channels],
    })),
  };
}

/** a new escalation step: a little later than the last one, by SMS, to nobody yet */
export function newStep(after: StepDraft | undefined): StepDraft {
  const last = Number(after?.afterMinutes);
  return { ...recipientsDraft(null), key: newKey(), afterMinutes: String(Number.isFinite(last) && last > 0 ? last + 10 : 5), channels: ["sms"] };
}

/** one entry a line (commas too), blanks dropped, in the order typed */
export function lines(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

function recipientsBody(draft: RecipientsDraft) {
  return { roles: draft.roles, user_ids: draft.userIds, emails: lines(draft.emails), phones: lines(draft.phones) };
}

/** nothing chosen at all: the rule notifies nobody */
export function isEmptyDraft(draft: NotifyDraft): boolean {
  return (
    draft.channels.length === 0 &&
    draft.roles.length === 0 &&
    draft.userIds.length === 0 &&
    lines(draft.emails).length === 0 &&
    lines(draft.phones).length === 0 &&
    !draft.critical
  );
}

/** the `notify` block to send: null when nothing is chosen, else every field, as the server stores it */
export function notifyBody(draft: NotifyDraft): Record<string, unknown> | null {
  if (isEmptyDraft(draft)) return null;
  return {
    channels: draft.channels,
    ...recipientsBody(draft),
    critical: draft.critical,
    escalation: draft.critical
      ? draft.escalation.map((step) => ({
          after_minutes: step.afterMinutes.trim() === "" ? undefined : Number(step.afterMinutes),
          channels: step.channels,
          ...recipientsBody(step),
        }))
      : [],
  };
}

/** adds or removes one value of a list, keeping the order of the rest (and so a stored block's order) */
export function toggled<T>(list: T[], value: T, on: boolean): T[] {
  if (on) return list.includes(value) ? list : [...list, value];
  return list.filter((item) => item !== value);
}

// ---- the server's field errors, sorted to the controls ------------------------------------------------------------

const LIST_FIELDS = ["channels", "roles", "user_ids", "emails", "phones"] as const;
type ListField = (typeof LIST_FIELDS)[number];
export type RecipientErrors = Partial<Record<ListField, string>>;
export interface StepErrors extends RecipientErrors {
  after_minutes?: string;
  other?: string;
}
export interface NotifyErrors extends RecipientErrors {
  /** errors about the block as a whole, or about a field this form has no control for */
  other?: string;
  critical?: string;
  escalation?: string;
  steps: StepErrors[];
}

function add<K extends string>(into: Partial<Record<K, string>>, key: K, message: string) {
  into[key] = into[key] ? `${into[key]}; ${message}` : message;
}

/** "notify.emails.0: must be an e-mail address" names the entry: "bad@: must be an e-mail address" */
function withEntry(message: string, index: string | undefined, sent: unknown): string {
  if (index === undefined || !/^\d+$/.test(index)) return message;
  const entry = Array.isArray(sent) ? sent[Number(index)] : undefined;
  return typeof entry === "string" || typeof entry === "number" ? `${entry}: ${message}` : `Entry ${Number(index) + 1}: ${message}`;
}

function isListField(name: string | undefined): name is ListField {
  return (LIST_FIELDS as readonly string[]).includes(name ?? "");
}

/**
 * The form's field errors under `notify`, by control. `sent` is the block that was refused, so an entry's error can
 * say which entry (the server counts entries of the list it got, not lines of the text box).
 */
export function notifyErrors(fields: Record<string, string>, sent: Record<string, unknown> | null): NotifyErrors {
  const errors: NotifyErrors = { steps: [] };
  const sentSteps = Array.isArray(sent?.escalation) ? (sent.escalation as Record<string, unknown>[]) : [];
  for (const [field, message] of Object.entries(fields)) {
    if (field !== "notify" && !field.startsWith("notify.")) continue;
    const [, first, second, third, fourth] = field.split(".");
    if (first === undefined) add(errors, "other", message);
    else if (isListField(first)) add(errors, first, withEntry(message, second, sent?.[first]));
    else if (first === "critical") add(errors, "critical", message);
    else if (first === "escalation" && second !== undefined && /^\d+$/.test(second)) {
      const index = Number(second);
      const step = (errors.steps[index] ??= {});
      if (isListField(third)) add(step, third, withEntry(message, fourth, sentSteps[index]?.[third]));
      else if (third === "after_minutes") add(step, "after_minutes", message);
      else add(step, "other", message);
    } else if (first === "escalation") add(errors, "escalation", message);
    else add(errors, "other", `${first}: ${message}`);
  }
  return errors;
}
