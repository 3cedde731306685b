// GET and PUT /api/{account_key}/user/{user_id}/notification-settings through the route handlers, on every database
// kind: every status (200, 400, 401, 403, 404, 405, 422), and the notification worker honouring what was saved (a
// type turned off for e-mail is a skipped delivery, SMS goes to the saved phone, quiet hours delay), driven on a
// manual clock with the real outbox mailer and SMS log provider as in server/modules/notifications/notifications.test.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { log } from "@/server/log";
import { createOutboxMailer } from "@/server/mail/outbox-mailer";
import { createAlertRule } from "@/server/modules/alerts/create-alert-rule";
import { listAlertDeliveries } from "@/server/modules/notifications/list-alert-deliveries";
import { deliverDueNotifications, type NotificationWorkerDeps } from "@/server/modules/notifications/notification-worker";
import { queueAlertNotifications } from "@/server/modules/notifications/queue-alert-notifications";
import { createLogSmsProvider } from "@/server/sms/log-sms-provider";
import { readOutbox } from "@/server/testing/mail-capture";
import { readSmsOutbox } from "@/server/testing/sms-capture";
import { callRoute, makeAccount, makeAsset, makeMember, makeToken, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as route from "./route";

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0); // a Friday, 12:00 UTC (14:00 in Vilnius)

const settings = {
  phone: "+37060012345",
  time_zone: "Europe/Vilnius",
  quiet_start: "22:00",
  quiet_end: "07:00",
  digest: "off",
  preferences: [{ alert_type: "OVERSPEED", channel: "email", enabled: false }],
};

describe.each(databaseKinds())("member notification settings endpoints on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup() {
    const account = await makeAccount("Prefs Co");
    const { token } = await makeToken(account.id);
    const member = await makeMember(account.id, "fleet_manager", "Ann Manager");
    await t.db.user.update({ where: { id: member.id }, data: { passwordHash: "x" } }); // a person, not a service user
    const call = (method: "GET" | "PUT" | "POST", userId: string | number, body?: unknown, as: string | null = token, accountKey = account.key) =>
      callRoute(route[method] as RouteHandler, method, `/api/${accountKey}/user/${userId}/notification-settings`, { accountKey, userId: String(userId) }, as ?? undefined, body);
    return { account, token, member, call };
  }

  it("reads the defaults (200), replaces the document (PUT 200) and reads it back", async () => {
    const { member, call } = await setup();
    expect(await call("GET", member.id)).toMatchObject({
      status: 200,
      body: { data: { phone: null, time_zone: null, quiet_start: null, quiet_end: null, digest: "off", preferences: [] } },
    });
    const put = await call("PUT", member.id, { ...settings, phone: "+370 600 12345" });
    expect(put).toMatchObject({ status: 200, body: { data: settings } });
    expect((await call("GET", member.id)).body).toEqual({ data: settings });
    // leaving a row and a field out replaces them with the defaults
    expect((await call("PUT", member.id, { digest: "daily" })).body.data).toEqual({
      phone: null, time_zone: null, quiet_start: null, quiet_end: null, digest: "daily", preferences: [],
    });
  });

  it("answers 422 with one field error per problem, 400 for text that is not JSON, and changes nothing", async () => {
    const { member, call } = await setup();
    await call("PUT", member.id, settings);
    const bad = await call("PUT", member.id, {
      phone: "060012345",
      time_zone: "Mars/Olympus",
      quiet_start: "7am",
      quiet_end: "07:00",
      preferences: [{ alert_type: "SPEEDING", channel: "pager", enabled: false }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
    expect(bad.body.errors).toEqual([
      { field: "phone", message: "must be a mobile number with its country code, e.g. +37060012345" },
      { field: "time_zone", message: "must be a time zone such as Europe/Vilnius" },
      { field: "quiet_start", message: "must be a local time HH:MM from 00:00 to 23:59" },
      { field: "preferences.0.alert_type", message: expect.stringMatching(/^must be \* or one of: OVERSPEED, /) },
      { field: "preferences.0.channel", message: "must be * or one of: email, sms, in_app" },
    ]);
    const same = await call("PUT", member.id, { quiet_start: "22:00", quiet_end: "22:00" });
    expect([same.status, same.body.errors]).toEqual([422, [{ field: "quiet_end", message: "must differ from quiet_start" }]]);
    expect((await call("PUT", member.id, "{not json")).status).toBe(400);
    expect((await call("GET", member.id)).body).toEqual({ data: settings });
  });

  it("answers 404 for a user who is not a member, a malformed id and another account's key", async () => {
    const { account, call } = await setup();
    const other = await makeAccount("Other Co");
    const outsider = await makeMember(other.id, "viewer");
    for (const id of [outsider.id, 999_999_999, "abc"]) {
      expect(await call("GET", id)).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND" } });
      expect(await call("PUT", id, settings)).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND" } });
    }
    expect(await t.db.notificationSettings.count({ where: { userId: outsider.id } })).toBe(0);
    const foreign = await call("GET", outsider.id, undefined, (await makeToken(account.id)).token, other.key);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
  });

  it("needs users:read to read and users:write to replace (403), a token (401), and refuses other methods (405)", async () => {
    const { account, member, call } = await setup();
    const reader = await makeToken(account.id, { scopes: ["users:read"] });
    const assets = await makeToken(account.id, { scopes: ["assets:read"] });
    expect(await call("GET", member.id, undefined, reader.token)).toMatchObject({ status: 200 });
    expect(await call("PUT", member.id, settings, reader.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await call("GET", member.id, undefined, assets.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await call("GET", member.id, undefined, null)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect((await call("PUT", member.id, settings, "not-a-token")).status).toBe(401);
    expect(await call("POST", member.id, settings)).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
  });

  it("is honoured by the notification worker: e-mail of a type turned off is skipped, SMS goes to the saved phone, quiet hours delay", async () => {
    const { account, member, call } = await setup();
    const bob = await makeMember(account.id, "office_staff", "Bob Backup");
    await t.db.user.update({ where: { id: bob.id }, data: { passwordHash: "x" } });
    expect((await call("PUT", member.id, { ...settings, quiet_start: null, quiet_end: null })).status).toBe(200);
    // 14:00 in Vilnius is inside Bob's 13:00-15:00
    expect((await call("PUT", bob.id, { time_zone: "Europe/Vilnius", quiet_start: "13:00", quiet_end: "15:00" })).status).toBe(200);

    const dataDir = mkdtempSync(path.join(tmpdir(), "notify-prefs-"));
    let clock = T0;
    const mail = createOutboxMailer({ dataDir, from: "alerts@example.test" });
    const sms = createLogSmsProvider({ dataDir });
    const deps: NotificationWorkerDeps = { logger: log("notifications"), now: () => clock, mailer: () => mail, sms: () => sms };
    const asset = await makeAsset(account.id, "Van 12");
    const rule = await createAlertRule({
      accountId: account.id,
      body: { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: { channels: ["email", "sms"], user_ids: [member.id, bob.id] } },
    });
    const alert = await t.db.alert.create({
      data: { accountId: account.id, assetId: asset.id, ruleId: rule.id, ruleName: "Speeding", type: "OVERSPEED", firedAt: new Date(clock), message: "Speed 120 km/h over 90 km/h", details: {} },
    });
    await queueAlertNotifications(t.db, { id: alert.id, accountId: account.id, assetId: asset.id, ruleId: rule.id, type: "OVERSPEED", firedAt: clock }, clock);
    await deliverDueNotifications(deps);

    const deliveries = (await listAlertDeliveries({ accountId: account.id, alertId: alert.id })).data;
    const of = (userId: number, channel: string) => deliveries.find((d) => d.recipient === `user:${userId}` && d.channel === channel);
    expect(of(member.id, "email")).toMatchObject({ status: "skipped", reason: "turned off by the recipient" });
    expect(of(member.id, "sms")).toMatchObject({ status: "sent" });
    expect((await readSmsOutbox(dataDir)).map((m) => m.to)).toEqual(["+37060012345"]);
    expect(of(bob.id, "email")).toMatchObject({ status: "pending", reason: `delayed by quiet hours until ${new Date(Date.UTC(2026, 10, 27, 13, 0, 0)).toISOString()}` });
    expect(await readOutbox(dataDir)).toEqual([]);

    clock = Date.UTC(2026, 10, 27, 13, 0, 0); // 15:00 in Vilnius: the end of Bob's quiet hours
    await deliverDueNotifications(deps);
    expect((await readOutbox(dataDir)).map((m) => m.to)).toEqual([[bob.email.toLowerCase()]]);
  });
});
