// A member's notification settings as one document: validation with field errors, replacing (an unsubscribe link's
// row shows as off and comes back on when left out), the dashboard's matrix helpers, and the tRPC procedures every
// role may call for themselves only. The REST route and the worker honouring saved settings are tested in
// app/api/[accountKey]/user/[userId]/notification-settings/route.test.ts.
import { describe, expect, it } from "vitest";
import { callerFor, createFixtureAccount, refusal } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { signToken } from "../notifications/notification-links";
import { unsubscribeByToken } from "../notifications/unsubscribe-by-token";
import { preferenceEnabled, withPreference } from "./effective-preference";
import { findMemberTimeZone } from "./find-member-time-zone";
import { getNotificationSettings } from "./get-notification-settings";
import { ZNotificationSettingsBody } from "./notification-settings.schema";
import { replaceNotificationSettings } from "./replace-notification-settings";

const errorsOf = (body: unknown) => {
  const result = ZNotificationSettingsBody.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the settings document", () => {
  it("takes defaults for what is left out and normalises the phone to E.164", () => {
    expect(ZNotificationSettingsBody.parse({ phone: "00370 600 12345", time_zone: "" })).toEqual({
      phone: "+37060012345",
      time_zone: null,
      quiet_start: null,
      quiet_end: null,
      digest: "off",
      preferences: [],
    });
  });

  it("names each bad field", () => {
    expect(errorsOf({ phone: "060012345", time_zone: "Mars/Olympus", quiet_start: "25:00", quiet_end: "7:00", digest: "weekly" })).toEqual([
      "phone: must be a mobile number with its country code, e.g. +37060012345",
      "time_zone: must be a time zone such as Europe/Vilnius",
      "quiet_start: must be a local time HH:MM from 00:00 to 23:59",
      "quiet_end: must be a local time HH:MM from 00:00 to 23:59",
      "digest: must be one of: off, hourly, daily",
    ]);
    expect(errorsOf({ quiet_start: "22:00", quiet_end: "22:00" })).toEqual(["quiet_end: must differ from quiet_start"]);
    expect(errorsOf({ quiet_start: "22:00" })).toEqual(["quiet_end: is required with the other end of the quiet hours (or clear both)"]);
    expect(
      errorsOf({
        preferences: [
          { alert_type: "SPEEDING", channel: "email", enabled: false },
          { alert_type: "OVERSPEED", channel: "webhook", enabled: false },
        ],
      }),
    ).toEqual([
      expect.stringMatching(/^preferences\.0\.alert_type: must be \* or one of: OVERSPEED, GEOFENCE_ENTER/),
      "preferences.1.channel: must be * or one of: email, sms, in_app",
    ]);
    const twice = { alert_type: "OVERSPEED", channel: "*", enabled: false };
    expect(errorsOf({ preferences: [twice, { ...twice, enabled: true }] })).toEqual(["preferences.1: repeats the row for OVERSPEED and *"]);
    expect(errorsOf({ colour: "blue" })).toEqual([": Unrecognized key: \"colour\""]);
    expect(errorsOf([])).toEqual([": must be an object with the member's notification settings"]);
  });

  it("resolves a cell by the most specific row and switches one cell with the fewest rows", () => {
    const rows = [
      { alert_type: "*" as const, channel: "sms" as const, enabled: false },
      { alert_type: "OVERSPEED" as const, channel: "*" as const, enabled: false },
    ];
    expect(preferenceEnabled(rows, "IDLING", "email")).toBe(true);
    expect(preferenceEnabled(rows, "IDLING", "sms")).toBe(false);
    expect(preferenceEnabled(rows, "OVERSPEED", "email")).toBe(false);
    const on = withPreference(rows, "OVERSPEED", "sms", true);
    expect(on).toEqual([...rows, { alert_type: "OVERSPEED", channel: "sms", enabled: true }]);
    expect(preferenceEnabled(on, "OVERSPEED", "sms")).toBe(true);
    // switching it back leaves the broader rows to decide
    expect(withPreference(on, "OVERSPEED", "sms", false)).toEqual(rows);
  });
});

describe.each(databaseKinds())("notification settings on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("replaces settings and rows as one document; an unsubscribed type shows as off until it is left out", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.office_staff;
    expect(await getNotificationSettings({ accountId: account.id, userId })).toEqual({
      phone: null, time_zone: null, quiet_start: null, quiet_end: null, digest: "off", preferences: [],
    });
    await unsubscribeByToken(signToken("unsubscribe", { accountId: account.id, recipientKey: `user:${userId}`, alertType: "IDLING" }));
    const before = await getNotificationSettings({ accountId: account.id, userId });
    expect(before.preferences).toEqual([{ alert_type: "IDLING", channel: "email", enabled: false }]);

    const saved = await replaceNotificationSettings({
      accountId: account.id,
      userId,
      body: {
        phone: "+370 600 12345",
        time_zone: "Europe/Vilnius",
        quiet_start: "22:00",
        quiet_end: "07:00",
        digest: "daily",
        preferences: [{ alert_type: "OVERSPEED", channel: "sms", enabled: false }],
      },
    });
    expect(saved).toEqual({
      phone: "+37060012345",
      time_zone: "Europe/Vilnius",
      quiet_start: "22:00",
      quiet_end: "07:00",
      digest: "daily",
      preferences: [{ alert_type: "OVERSPEED", channel: "sms", enabled: false }],
    });
    // GET's answer is a valid body that changes nothing
    expect(await replaceNotificationSettings({ accountId: account.id, userId, body: saved })).toEqual(saved);
    expect(await t.db.notificationPreference.count({ where: { accountId: account.id, recipientKey: `user:${userId}` } })).toBe(1);

    // a bad document changes nothing
    await expect(replaceNotificationSettings({ accountId: account.id, userId, body: { quiet_start: "08:00", quiet_end: "08:00" } })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "quiet_end", message: "must differ from quiet_start" }],
    });
    expect(await getNotificationSettings({ accountId: account.id, userId })).toEqual(saved);
  });

  it("finds the member's own time zone for the dashboard's times, null until they choose one", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.fleet_manager;
    expect(await findMemberTimeZone({ accountId: account.id, userId })).toBeNull();
    await replaceNotificationSettings({ accountId: account.id, userId, body: { time_zone: "Asia/Tokyo" } });
    expect(await findMemberTimeZone({ accountId: account.id, userId })).toBe("Asia/Tokyo");
    // per member: another member of the account keeps the account's zone
    expect(await findMemberTimeZone({ accountId: account.id, userId: account.users.admin })).toBeNull();
    await replaceNotificationSettings({ accountId: account.id, userId, body: { time_zone: null } });
    expect(await findMemberTimeZone({ accountId: account.id, userId })).toBeNull();
  });

  it("refuses a user who is not a member of the account", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Other fleet");
    await expect(getNotificationSettings({ accountId: account.id, userId: other.users.admin })).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    await expect(replaceNotificationSettings({ accountId: account.id, userId: 999_999, body: {} })).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });

  it("lets every role, viewers too, read and change their own settings over tRPC, and nobody else's", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Other fleet");
    const key = { accountKey: account.key };
    await t.db.account.update({ where: { id: account.id }, data: { timeZone: "Europe/Riga" } });
    const viewer = callerFor(account.users.viewer).notifications.settings;
    expect(await viewer.get(key)).toMatchObject({ settings: { digest: "off", preferences: [] }, accountTimeZone: "Europe/Riga" });
    const updated = await viewer.update({ ...key, settings: { digest: "hourly", preferences: [{ alert_type: "*", channel: "in_app", enabled: false }] } });
    expect(updated).toMatchObject({ digest: "hourly", preferences: [{ alert_type: "*", channel: "in_app", enabled: false }] });
    // the admin's own settings are untouched
    expect((await callerFor(account.users.admin).notifications.settings.get(key)).settings.digest).toBe("off");

    const bad = await refusal(viewer.update({ ...key, settings: { phone: "12" } }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect((bad.cause as { errors?: unknown }).errors).toEqual([{ field: "phone", message: "must be a mobile number with its country code, e.g. +37060012345" }]);
    expect((await refusal(callerFor(other.users.admin).notifications.settings.get(key))).code).toBe("NOT_FOUND");
    expect((await refusal(callerFor(null).notifications.settings.get(key))).code).toBe("UNAUTHORIZED");
  });
});
