// Per-account quotas through the real create use cases on every database kind: each resource refused at its cap
// with QUOTA_EXCEEDED naming the resource, cap and count, nothing stored; room again after a delete or revoke; two
// creates racing for the last place store one. Caps are lowered through setAccountQuotas so a few rows reach them.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, setEnv } from "../../env";
import { makeAccount, makeAsset } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { createAlertRule } from "../alerts/create-alert-rule";
import { deleteAlertRule } from "../alerts/delete-alert-rule";
import { createApiKey } from "../api-keys/create-api-key";
import { revokeApiKey } from "../api-keys/revoke-api-key";
import { createGeofence } from "../geofences/create-geofence";
import { deleteGeofence } from "../geofences/delete-geofence";
import { createOAuthClient } from "../oauth/create-oauth-client";
import { revokeOAuthClient } from "../oauth/revoke-oauth-client";
import { createTrackingLink } from "../tracking-links/create-tracking-link";
import { deleteTrackingLink } from "../tracking-links/delete-tracking-link";
import { createAssetGroup } from "../asset-groups/create-asset-group";
import { deleteAssetGroup } from "../asset-groups/delete-asset-group";
import { createTag } from "../tags/create-tag";
import { deleteTag } from "../tags/delete-tag";
import { deleteAssetPhoto } from "../asset-photos/delete-asset-photo";
import { uploadAssetPhoto } from "../asset-photos/upload-asset-photo";
import { makeImage } from "../../testing/photo-fixtures";
import { createWebhook } from "../webhooks/create-webhook";
import { deleteWebhook } from "../webhooks/delete-webhook";
import { deleteRenewalReminder } from "../reminders/delete-renewal-reminder";
import { deleteServiceEntry } from "../reminders/delete-service-entry";
import { deleteServiceReminder } from "../reminders/delete-service-reminder";
import { saveRenewalReminder } from "../reminders/save-renewal-reminder";
import { saveServiceEntry } from "../reminders/save-service-entry";
import { saveServiceReminder } from "../reminders/save-service-reminder";
import { QuotaExceededError, setAccountQuotas, type QuotaResource } from "./account-quotas";

async function refusal(promise: Promise<unknown>): Promise<QuotaExceededError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(QuotaExceededError);
  return error as QuotaExceededError;
}

describe.each(databaseKinds())("account quotas on %s", (kind) => {
  const t = useTestDatabase(kind);
  let previousEnv: ReturnType<typeof env>;

  beforeAll(() => {
    previousEnv = env();
  });
  afterEach(() => {
    setAccountQuotas(undefined);
    setEnv(previousEnv);
  });

  /** the create and the undo of one resource in a fresh account, and the rows it holds */
  async function resource(name: QuotaResource) {
    const account = await makeAccount(`Quota ${name}`);
    const assetId = (await makeAsset(account.id, "Van", testImei())).id;
    setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true });
    let n = 0;
    const create = async (): Promise<{ id: number }> => {
      n += 1;
      switch (name) {
        case "alert_rules":
          return createAlertRule({ accountId: account.id, body: { name: `Rule ${n}`, type: "IGNITION" } });
        case "geofences":
          return createGeofence({
            accountId: account.id,
            body: { name: `Fence ${n}`, shape: "circle", center: { latitude: 54.6872, longitude: 25.2797 }, radius_m: 100 },
          });
        case "oauth_clients":
          return createOAuthClient({ accountId: account.id, name: `Client ${n}` });
        case "api_keys":
          return createApiKey({ accountId: account.id, userId: account.adminId, name: `Key ${n}` });
        case "tracking_links":
          return createTrackingLink({ accountId: account.id, assetId });
        case "webhooks":
          return createWebhook({
            accountId: account.id,
            userId: account.adminId,
            body: { url: `http://127.0.0.1:9/hook-${n}`, events: ["viewer_joined"] },
          });
        case "asset_groups":
          return createAssetGroup({ accountId: account.id, body: { name: `Group ${n}` } });
        case "tags":
          return createTag({ accountId: account.id, body: { name: `Tag ${n}` } });
        case "asset_photos":
          return uploadAssetPhoto({ accountId: account.id, assetId, bytes: await makeImage("png"), createdBy: "test", basePath: "/p" });
        case "service_reminders":
          return saveServiceReminder({ accountId: account.id, reminderId: null, body: { asset_id: assetId, task: `Task ${n}`, time: { every: 1, unit: "year" } } });
        case "service_entries":
          return saveServiceEntry({ accountId: account.id, entryId: null, body: { asset_id: assetId, serviced_on: "2026-11-01" } });
        case "renewal_reminders":
          return saveRenewalReminder({ accountId: account.id, renewalId: null, body: { asset_id: assetId, kind: "insurance", expires_on: "2027-01-01" } });
      }
    };
    const undo = async (id: number): Promise<unknown> => {
      switch (name) {
        case "alert_rules":
          return deleteAlertRule({ accountId: account.id, ruleId: id });
        case "geofences":
          return deleteGeofence({ accountId: account.id, geofenceId: id });
        case "oauth_clients":
          return revokeOAuthClient({ accountId: account.id, id });
        case "api_keys":
          return revokeApiKey({ accountId: account.id, id });
        case "tracking_links":
          return deleteTrackingLink({ accountId: account.id, linkId: id });
        case "webhooks":
          return deleteWebhook({ accountId: account.id, webhookId: id });
        case "asset_groups":
          return deleteAssetGroup({ accountId: account.id, groupId: id });
        case "tags":
          return deleteTag({ accountId: account.id, tagId: id });
        case "asset_photos":
          return deleteAssetPhoto({ accountId: account.id, assetId, photoId: id });
        case "service_reminders":
          return deleteServiceReminder({ accountId: account.id, reminderId: id });
        case "service_entries":
          return deleteServiceEntry({ accountId: account.id, entryId: id });
        case "renewal_reminders":
          return deleteRenewalReminder({ accountId: account.id, renewalId: id });
      }
    };
    const rows = (): Promise<number> => {
      switch (name) {
        case "alert_rules":
          return t.db.alertRule.count({ where: { accountId: account.id } });
        case "geofences":
          return t.db.geofence.count({ where: { accountId: account.id } });
        case "oauth_clients":
          return t.db.oAuthClient.count({ where: { accountId: account.id, revokedAt: null } });
        case "api_keys":
          return t.db.apiKey.count({ where: { accountId: account.id, revokedAt: null } });
        case "tracking_links":
          return t.db.trackingLink.count({ where: { accountId: account.id } });
        case "webhooks":
          return t.db.webhook.count({ where: { accountId: account.id } });
        case "asset_groups":
          return t.db.assetGroup.count({ where: { accountId: account.id } });
        case "service_reminders":
          return t.db.serviceReminder.count({ where: { accountId: account.id } });
        case "service_entries":
          return t.db.serviceEntry.count({ where: { accountId: account.id } });
        case "renewal_reminders":
          return t.db.renewalReminder.count({ where: { accountId: account.id } });
        case "tags":
          return t.db.tag.count({ where: { accountId: account.id } });
        case "asset_photos":
          return t.db.assetPhoto.count({ where: { accountId: account.id } });
      }
    };
    return { account, create, undo, rows };
  }

  it.each([
    ["alert_rules", "QUOTA_EXCEEDED", "delete alert rules"],
    ["geofences", "QUOTA_EXCEEDED", "delete geofences"],
    ["oauth_clients", "QUOTA_EXCEEDED", "revoke OAuth clients"],
    ["api_keys", "QUOTA_EXCEEDED", "revoke API keys"],
    ["tracking_links", "QUOTA_EXCEEDED", "delete tracking links"],
    ["webhooks", "WEBHOOK_LIMIT_REACHED", "delete webhooks"],
    ["asset_groups", "QUOTA_EXCEEDED", "delete asset groups"],
    ["tags", "QUOTA_EXCEEDED", "delete tags"],
    ["asset_photos", "QUOTA_EXCEEDED", "delete asset photos"],
  ] as const)("%s: refused at the cap with %s, room again after one is removed", async (name, code, advice) => {
    const { create, undo, rows } = await resource(name);
    setAccountQuotas({ [name]: 2 });
    const first = await create();
    await create();
    const refused = await refusal(create());
    expect(refused.code).toBe(code);
    expect(refused.status).toBe(422);
    expect(refused.quota).toEqual({ resource: name, limit: 2, count: 2 });
    const label = advice.split(" ").slice(1).join(" ");
    expect(refused.message).toBe(`An account can have at most 2 ${label} and this one has 2; ${advice} it no longer uses first.`);
    expect(await rows()).toBe(2);
    await undo(first.id);
    await create();
    expect(await rows()).toBe(2);
  });

  it("counts per account: another account's rows take no place", async () => {
    const one = await resource("geofences");
    const two = await resource("geofences");
    setAccountQuotas({ geofences: 1 });
    await one.create();
    await two.create();
    await refusal(one.create());
  });

  it("does not count passengers' own links against the tracking-link cap", async () => {
    const { account, create } = await resource("tracking_links");
    setAccountQuotas({ tracking_links: 1 });
    const route = await t.db.route.create({ data: { accountId: account.id, routeNumber: "R1", name: "Route 1" }, select: { id: true } });
    const passenger = await t.db.passenger.create({ data: { accountId: account.id, routeId: route.id, name: "Ada" }, select: { id: true } });
    await t.db.trackingLink.create({
      data: { uuid: crypto.randomUUID(), accountId: account.id, routeId: route.id, passengerId: passenger.id, displayName: "Ada", accessMode: "public" },
    });
    await create();
    await refusal(create());
  });

  it("two creates racing for the last place store one", async () => {
    const { create, rows } = await resource("alert_rules");
    setAccountQuotas({ alert_rules: 3 });
    await create();
    await create();
    const results = await Promise.allSettled([create(), create(), create()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(QuotaExceededError);
    expect(await rows()).toBe(3);
  });
});
