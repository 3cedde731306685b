// The asset page's photo routes under /a/{accountKey}/assets/{assetId}/photos (the dashboard session cookie, not an
// API token) through their route handlers, on every database kind: 401 without a valid session, 403 for a role that
// may not upload and for an upload from another site's page, 404 for a non-member and, for a member limited to some
// groups, for an asset outside them (as REST and tRPC answer); 200 and 201 otherwise.
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { uploadAssetPhoto } from "@/server/modules/asset-photos/upload-asset-photo";
import { setMemberGroups } from "@/server/modules/users/set-member-groups";
import { revokeUserSessions } from "@/server/modules/users/revoke-user-sessions";
import { authSecret } from "@/server/security/auth-secret";
import { makeAsset } from "@/server/testing/http-fixtures";
import { makeImage } from "@/server/testing/photo-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { createFixtureAccount, type FixtureAccount } from "@/server/testing/trpc-fixtures";
import * as upload from "./route";
import * as file from "./[photoId]/[variant]/route";

async function sessionCookie(userId: number, authAt = Date.now()): Promise<string> {
  const token = await encode({ token: { sub: String(userId), authAt }, secret: authSecret() });
  return `next-auth.session-token=${token}`;
}

describe.each(databaseKinds())("asset photo session routes on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let other: FixtureAccount;
  let inside: number;
  let outside: number;
  let photoInside: number;
  let photoOutside: number;
  let limitedId: number;
  let jpeg: Buffer;
  beforeAll(async () => {
    a = await createFixtureAccount("Photo sessions");
    other = await createFixtureAccount("Other fleet");
    inside = (await makeAsset(a.id, "Van in")).id;
    outside = (await makeAsset(a.id, "Van out")).id;
    const group = await t.db.assetGroup.create({ data: { accountId: a.id, name: "North", nameKey: "north" }, select: { id: true } });
    await t.db.assetGroupMember.create({ data: { groupId: group.id, assetId: inside } });
    limitedId = a.users.viewer;
    await setMemberGroups({ accountId: a.id, userId: limitedId, groupIds: [group.id] });
    jpeg = await makeImage("jpeg");
    photoInside = (await uploadAssetPhoto({ accountId: a.id, assetId: inside, bytes: jpeg, createdBy: "test", basePath: "/x" })).id;
    photoOutside = (await uploadAssetPhoto({ accountId: a.id, assetId: outside, bytes: jpeg, createdBy: "test", basePath: "/x" })).id;
  });

  const base = (assetId: number) => `${env().PUBLIC_URL.replace(/\/$/, "")}/a/${a.key}/assets/${assetId}/photos`;

  async function image(cookie: string | null, assetId = inside, photoId = photoInside) {
    const request = new Request(`${base(assetId)}/${photoId}/thumbnail`, { headers: cookie ? { cookie } : {} });
    const params = { accountKey: a.key, assetId: String(assetId), photoId: String(photoId), variant: "thumbnail" };
    const response = await file.GET(request, { params: Promise.resolve(params) });
    return { status: response.status, body: response.headers.get("content-type")?.startsWith("application/json") ? await response.json() : null };
  }

  async function post(cookie: string | null, assetId = inside, headers: Record<string, string> = {}) {
    const request = new Request(base(assetId), {
      method: "POST",
      headers: { "content-type": "image/jpeg", origin: new URL(env().PUBLIC_URL).origin, ...(cookie ? { cookie } : {}), ...headers },
      body: new Uint8Array(jpeg),
    });
    const response = await upload.POST(request, { params: Promise.resolve({ accountKey: a.key, assetId: String(assetId) }) });
    return { status: response.status, body: await response.json() };
  }

  it("answers 401 without a session, with a forged or revoked one, and stores nothing", async () => {
    const before = await t.db.assetPhoto.count();
    for (const cookie of [null, "next-auth.session-token=forged"]) {
      expect(await image(cookie)).toEqual({ status: 401, body: { message: "Sign in first.", code: "UNAUTHENTICATED" } });
      expect(await post(cookie)).toEqual({ status: 401, body: { message: "Sign in first.", code: "UNAUTHENTICATED" } });
    }
    const revoked = await createFixtureAccount("Revoked");
    const cookie = await sessionCookie(revoked.users.admin, Date.now() - 60_000);
    await revokeUserSessions({ userId: revoked.users.admin, reason: "operator" });
    expect((await image(cookie)).status).toBe(401);
    expect(await t.db.assetPhoto.count()).toBe(before);
  });

  it("answers 403 to roles that may not upload and to an upload from another site's page", async () => {
    for (const role of ["office_staff", "viewer"] as const) {
      expect(await post(await sessionCookie(a.users[role]))).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    }
    const crossSite = await post(await sessionCookie(a.users.admin), inside, { origin: "https://evil.example" });
    expect(crossSite).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect(await t.db.assetPhoto.count({ where: { assetId: inside } })).toBe(1);
  });

  it("answers 404 to a non-member and, for a limited member, for an asset outside their groups", async () => {
    expect(await image(await sessionCookie(other.users.admin))).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
    const limited = await sessionCookie(limitedId);
    expect((await image(limited)).status).toBe(200);
    expect(await image(limited, outside, photoOutside)).toMatchObject({ status: 404, body: { code: "ASSET_NOT_FOUND" } });
    expect((await image(await sessionCookie(a.users.office_staff), outside, photoOutside)).status).toBe(200);
  });

  it("serves and takes photos for the roles that may (200, 201)", async () => {
    const created = await post(await sessionCookie(a.users.fleet_manager));
    expect(created).toMatchObject({ status: 201, body: { data: { image_url: expect.stringContaining(`/a/${a.key}/assets/${inside}/photos/`) } } });
    expect((await image(await sessionCookie(a.users.viewer), inside, created.body.data.id)).status).toBe(200);
  });
});
