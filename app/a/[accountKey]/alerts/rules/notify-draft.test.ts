// The rule form's notify state: a stored block survives the form unchanged, a rule without one stays without one,
// and the server's field errors land on the right control (naming the entry they concern).
import { describe, expect, it } from "vitest";
import { ZNotifyConfig } from "@/server/modules/notifications/notify-config";
import { isEmptyDraft, newStep, notifyBody, notifyDraft, notifyErrors } from "./notify-draft";

const stored = ZNotifyConfig.parse({
  channels: ["in_app", "email", "sms"],
  roles: ["fleet_manager"],
  user_ids: [12, 3],
  emails: ["Owner@Example.com", "night@example.com"],
  phones: ["+37060012345"],
  critical: true,
  escalation: [
    { after_minutes: 5, channels: ["sms"], user_ids: [12] },
    { after_minutes: 15, channels: ["email", "sms"], roles: ["admin"], phones: ["+37060099999"] },
  ],
});

describe("notify draft", () => {
  it("gives back a stored block exactly, and the server stores it unchanged", () => {
    const body = notifyBody(notifyDraft(stored));
    expect(body).toEqual(stored);
    expect(ZNotifyConfig.parse(body)).toEqual(stored);
  });

  it("keeps a rule without notify without one, and sends nothing for an untouched new rule", () => {
    expect(isEmptyDraft(notifyDraft(null))).toBe(true);
    expect(notifyBody(notifyDraft(null))).toBeNull();
  });

  it("reads addresses one a line (or comma-separated), dropping blank lines", () => {
    const draft = { ...notifyDraft(null), channels: ["email" as const], emails: " a@example.com\n\nb@example.com, c@example.com \n" };
    expect(notifyBody(draft)).toMatchObject({ emails: ["a@example.com", "b@example.com", "c@example.com"], phones: [], escalation: [] });
  });

  it("keeps escalation steps while critical is off but sends none", () => {
    const draft = { ...notifyDraft(stored), critical: false };
    expect(notifyBody(draft)).toMatchObject({ critical: false, escalation: [] });
    expect(notifyBody({ ...draft, critical: true })).toEqual(stored);
  });

  it("adds a step later than the last one", () => {
    const draft = notifyDraft(stored);
    expect(newStep(draft.escalation.at(-1))).toMatchObject({ afterMinutes: "25", channels: ["sms"], roles: [], userIds: [] });
    expect(newStep(undefined).afterMinutes).toBe("5");
  });

  it("sorts the server's field errors to the controls", () => {
    const sent = { emails: ["ok@example.com", "bad@"], escalation: [{ phones: ["0600"] }] };
    const errors = notifyErrors(
      {
        name: "must not be empty",
        "notify.emails.1": "must be an e-mail address",
        "notify.channels": "must name at least one channel",
        "notify.user_ids": "not a member of this account: 7",
        "notify.escalation": "needs `critical: true` (only critical alerts escalate)",
        "notify.escalation.0.phones.0": "must be a phone number in E.164 form, e.g. +37060012345",
        "notify.escalation.1.after_minutes": "must be later than the step before",
        notify: "must be an object",
      },
      sent,
    );
    expect(errors).toEqual({
      emails: "bad@: must be an e-mail address",
      channels: "must name at least one channel",
      user_ids: "not a member of this account: 7",
      escalation: "needs `critical: true` (only critical alerts escalate)",
      other: "must be an object",
      steps: [{ phones: "0600: must be a phone number in E.164 form, e.g. +37060012345" }, { after_minutes: "must be later than the step before" }],
    });
  });
});
