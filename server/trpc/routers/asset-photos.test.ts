// Asset photos through the dashboard API: every member lists an asset's photos with URLs of the session routes,
// only admins and fleet managers delete; another account's asset is not found; the account setting that keeps
// photo locations is an admin's, and the list shows locations only while it is on.
import { beforeAll, describe, expect, it } from "vitest";
import { uploadAssetPhoto } from "../../modules/asset-photos/upload-asset-photo";
import { makeAsset } from "../../testing/http-fixtures";
import { makeImage } from "../../testing/photo-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, type FixtureAccount, refusal } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("asset photos router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let other: FixtureAccount;
  let assetId: number;
  let photoId: number;
  beforeAll(async () => {
    a = await createFixtureAccount("Photos A");
    other = await createFixtureAccount("Photos B");
    assetId = (await makeAsset(a.id, "Van")).id;
    const bytes = await makeImage("jpeg", { gps: { latitude: -33.8688, longitude: 151.2093 } });
    photoId = (await uploadAssetPhoto({ accountId: a.id, assetId, bytes, createdBy: "test", basePath: "/x" })).id;
  });

  it("lists for every member, with the dashboard's own file paths", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff", "viewer"] as const) {
      const page = await callerFor(a.users[role]).assetPhotos.list({ accountKey: a.key, assetId });
      expect(page.data).toEqual([
        expect.objectContaining({
          id: photoId,
          location: null,
          image_url: `/a/${a.key}/assets/${assetId}/photos/${photoId}/image`,
          thumbnail_url: `/a/${a.key}/assets/${assetId}/photos/${photoId}/thumbnail`,
        }),
      ]);
    }
    // another account's member, or the asset under another account's key
    expect((await refusal(callerFor(other.users.admin).assetPhotos.list({ accountKey: a.key, assetId }))).code).toBe("NOT_FOUND");
    expect((await refusal(callerFor(other.users.admin).assetPhotos.list({ accountKey: other.key, assetId }))).code).toBe("NOT_FOUND");
  });

  it("keeps locations only when an admin says so", async () => {
    expect((await refusal(callerFor(a.users.fleet_manager).accounts.updateSettings({ accountKey: a.key, photoKeepLocation: true }))).code).toBe("FORBIDDEN");
    const saved = await callerFor(a.users.admin).accounts.updateSettings({ accountKey: a.key, photoKeepLocation: true });
    expect(saved.photoKeepLocation).toBe(true);
    const page = await callerFor(a.users.viewer).assetPhotos.list({ accountKey: a.key, assetId });
    expect(page.data[0]!.location).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    await callerFor(a.users.admin).accounts.updateSettings({ accountKey: a.key, photoKeepLocation: false });
    expect((await callerFor(a.users.viewer).assetPhotos.list({ accountKey: a.key, assetId })).data[0]!.location).toBeNull();
  });

  it("deletes for admins and fleet managers only", async () => {
    for (const role of ["office_staff", "viewer"] as const) {
      expect((await refusal(callerFor(a.users[role]).assetPhotos.delete({ accountKey: a.key, assetId, photoId }))).code).toBe("FORBIDDEN");
    }
    expect((await refusal(callerFor(other.users.admin).assetPhotos.delete({ accountKey: other.key, assetId, photoId }))).code).toBe("NOT_FOUND");
    expect(await callerFor(a.users.fleet_manager).assetPhotos.delete({ accountKey: a.key, assetId, photoId })).toEqual({ id: photoId });
    expect(await t.db.assetPhoto.count({ where: { id: photoId } })).toBe(0);
  });
});
