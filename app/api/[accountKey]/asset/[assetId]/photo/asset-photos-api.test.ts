// /api/{account_key}/asset/{id}/photo and its photo, image and thumbnail routes through their route handlers, on
// every database kind: uploads as multipart and as raw bodies, the type told by the bytes (a GIF, a text file named
// .jpg, a lying Content-Type), size and pixel caps (413 while reading, 422 for a bomb's header), EXIF location
// stripped unless the account keeps it, orientation and thumbnail sizes, ETags, quotas, every status code (200,
// 201, 204, 304, 400, 401, 403, 404, 405, 413, 415, 422, 429) and account isolation. Images are made with sharp.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoFileResponse, PHOTO_UPLOAD_RATE_LIMIT } from "@/server/http/photo-upload";
import { KIB, MIB } from "@/server/http/read-body";
import { DEFAULT_API_RATE_LIMIT } from "@/server/http/with-api-auth";
import { PHOTO_LIMITS } from "@/server/modules/asset-photos/asset-photos.schema";
import { readExifFacts } from "@/server/modules/asset-photos/exif";
import { rateLimiter } from "@/server/security/rate-limit";
import { serveFetchHandler, streamUpload, type FetchHandlerServer } from "@/server/testing/fetch-handler-server";
import { makeAccount, makeAsset, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { makeImage, pngClaiming } from "@/server/testing/photo-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as image from "./[photoId]/image/route";
import * as photo from "./[photoId]/route";
import * as thumbnail from "./[photoId]/thumbnail/route";
import * as photos from "./route";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };

interface Answer {
  status: number;
  headers: Headers;
  body: any; // parsed JSON, or null
  bytes: Buffer;
}

async function answerOf(response: Response): Promise<Answer> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json") && bytes.length ? JSON.parse(bytes.toString("utf8")) : null;
  return { status: response.status, headers: response.headers, body: json, bytes };
}

function multipart(bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg", field = "photo"): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe.each(databaseKinds())("asset photos over REST on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token, clientId } = await makeToken(account.id);
    const asset = await makeAsset(account.id, "Van 1");
    const base = (assetId: number = asset.id) => `/api/${account.key}/asset/${assetId}/photo`;
    const call = async (handler: unknown, method: string, path: string, params: Record<string, string>, init: { body?: BodyInit; headers?: Record<string, string>; as?: string | null } = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      const as = init.as === undefined ? token : init.as;
      if (as) headers.authorization = `Bearer ${as}`;
      const request = new Request(`http://fleetline.test${path}`, { method, headers, body: init.body });
      return answerOf(await (handler as RouteHandler)(request, routeContext({ accountKey: account.key, ...params })));
    };
    const api = {
      account,
      asset,
      token,
      clientId,
      base,
      upload: (body: BodyInit, headers: Record<string, string> = {}, as?: string | null, assetId = asset.id) =>
        call(photos.POST, "POST", base(assetId), { assetId: String(assetId) }, { body, headers, as }),
      list: (query = "", as?: string | null, assetId = asset.id) => call(photos.GET, "GET", `${base(assetId)}${query}`, { assetId: String(assetId) }, { as }),
      collection: (method: "PUT" | "PATCH" | "DELETE") => call(photos[method], method, base(), { assetId: String(asset.id) }),
      one: (method: "GET" | "DELETE" | "POST" | "PUT" | "PATCH", id: number | string, as?: string | null, assetId = asset.id) =>
        call(photo[method], method, `${base(assetId)}/${id}`, { assetId: String(assetId), photoId: String(id) }, { as }),
      file: (variant: "image" | "thumbnail", id: number | string, init: { as?: string | null; headers?: Record<string, string>; assetId?: number; method?: "GET" | "POST" } = {}) => {
        const module = variant === "image" ? image : thumbnail;
        const assetId = init.assetId ?? asset.id;
        const method = init.method ?? "GET";
        return call(module[method], method, `${base(assetId)}/${id}/${variant}`, { assetId: String(assetId), photoId: String(id) }, init);
      },
      /** uploads a JPEG (multipart) and answers its id */
      make: async (bytes?: Uint8Array): Promise<number> => {
        const answer = await api.upload(multipart(bytes ?? (await makeImage("jpeg"))));
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("uploads (201 + Location), lists, reads, serves image and thumbnail with ETags (304), and deletes (204)", async () => {
    const api = await setup();
    const jpeg = await makeImage("jpeg", { width: 1200, height: 800 });
    const created = await api.upload(multipart(jpeg, "van.jpg"));
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.headers.get("location")).toBe(`${api.base()}/${id}`);
    expect(created.body.data).toEqual({
      id,
      asset_id: api.asset.id,
      content_type: "image/jpeg",
      size: jpeg.length,
      width: 1200,
      height: 800,
      taken_at: null,
      location: null,
      created_at: expect.stringMatching(ISO),
      image_url: `${api.base()}/${id}/image`,
      thumbnail_url: `${api.base()}/${id}/thumbnail`,
      thumbnail: { content_type: "image/webp", width: 400, height: 267, size: expect.any(Number) },
    });
    expect(await api.one("GET", id)).toMatchObject({ status: 200, body: { data: created.body.data } });
    expect(await api.list()).toMatchObject({ status: 200, body: { data: [created.body.data], next_cursor: null } });

    // a photo without metadata is served as it came, byte for byte
    const full = await api.file("image", id);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(full.headers.get("content-length")).toBe(String(jpeg.length));
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("cache-control")).toBe("private, no-cache");
    expect(full.bytes.equals(jpeg)).toBe(true);
    const etag = full.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const revalidated = await api.file("image", id, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);

    const thumb = await api.file("thumbnail", id);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "webp", width: 400, height: 267 });
    expect((await api.file("thumbnail", id, { headers: { "if-none-match": thumb.headers.get("etag")! } })).status).toBe(304);

    expect((await api.one("DELETE", id)).status).toBe(204);
    expect(await api.one("GET", id)).toMatchObject({ status: 404, body: { code: "ASSET_PHOTO_NOT_FOUND" } });
    expect((await api.file("image", id)).status).toBe(404);
    expect((await api.one("DELETE", id)).status).toBe(404);
    expect(await t.db.assetPhotoFile.count({ where: { photoId: id } })).toBe(0);
  });

  it("takes the image as the raw body with an image/* or octet-stream type; the bytes decide the type", async () => {
    const api = await setup();
    const png = await makeImage("png", { width: 300, height: 500 });
    const raw = await api.upload(new Uint8Array(png), { "content-type": "image/png" });
    expect(raw).toMatchObject({ status: 201, body: { data: { content_type: "image/png", width: 300, height: 500, thumbnail: { width: 240, height: 400 } } } });
    const webp = await makeImage("webp", { width: 100, height: 80 });
    // a small image is not enlarged for its thumbnail
    expect(await api.upload(new Uint8Array(webp), { "content-type": "application/octet-stream" })).toMatchObject({
      status: 201,
      body: { data: { content_type: "image/webp", thumbnail: { width: 100, height: 80 } } },
    });
    // a JPEG named .png and declared image/png is stored and served as the JPEG it is
    const jpeg = await makeImage("jpeg");
    const renamed = await api.upload(multipart(jpeg, "photo.png", "image/png"));
    expect(renamed).toMatchObject({ status: 201, body: { data: { content_type: "image/jpeg" } } });
    expect((await api.file("image", renamed.body.data.id)).headers.get("content-type")).toBe("image/jpeg");
    const declared = await api.upload(new Uint8Array(jpeg), { "content-type": "image/webp" });
    expect(declared).toMatchObject({ status: 201, body: { data: { content_type: "image/jpeg" } } });
  });

  it("refuses what is not JPEG, PNG or WebP by its bytes (415), whatever the name or Content-Type says", async () => {
    const api = await setup();
    const gif = await makeImage("gif");
    const text = new TextEncoder().encode("just some text, not a photo\n");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const cases: [string, Answer, string][] = [
      ["a GIF named .jpg, declared image/jpeg", await api.upload(multipart(gif, "photo.jpg", "image/jpeg")), "a GIF image"],
      ["a text file named .jpg", await api.upload(multipart(text, "photo.jpg", "image/jpeg")), "not an image of a known type"],
      ["a GIF as a raw body declared image/png", await api.upload(new Uint8Array(gif), { "content-type": "image/png" }), "a GIF image"],
      ["an SVG declared image/svg+xml", await api.upload(new Uint8Array(svg), { "content-type": "image/svg+xml" }), "an SVG or XML document"],
      ["a PDF declared image/jpeg", await api.upload(new TextEncoder().encode("%PDF-1.7\n..."), { "content-type": "image/jpeg" }), "a PDF document"],
    ];
    for (const [what, answer, looksLike] of cases) {
      expect(answer.status, what).toBe(415);
      expect(answer.body, what).toEqual({
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: `A photo must be a JPEG, PNG or WebP image; the file sent is ${looksLike} (told by its bytes, not its name or Content-Type).`,
      });
    }
    // bodies framed as neither multipart nor an image
    const jpeg = await makeImage("jpeg");
    for (const type of ["text/plain", "application/json", "application/x-www-form-urlencoded"]) {
      expect(await api.upload(new Uint8Array(jpeg), { "content-type": type }), type).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    }
    expect((await api.upload(new Uint8Array(jpeg))).status).toBe(415); // no Content-Type
    expect((await api.list()).body.data).toEqual([]);
  });

  it("answers 422 for an empty, missing, damaged, animated or too large (in pixels) photo, 400 for a malformed form", async () => {
    const api = await setup();
    const jpeg = await makeImage("jpeg", { width: 200, height: 150 });
    const errors = (answer: Answer) => answer.body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(errors(await api.upload(new Uint8Array(0), { "content-type": "image/jpeg" }))).toEqual(["photo: is empty"]);
    expect(errors(await api.upload(multipart(jpeg, "a.jpg", "image/jpeg", "file")))).toEqual(["photo: is required (a file in the form field `photo`)"]);
    const two = multipart(jpeg);
    two.append("photo", new Blob([new Uint8Array(jpeg)]), "b.jpg");
    expect(errors(await api.upload(two))).toEqual(["photo: send one photo per request"]);
    const textField = new FormData();
    textField.append("photo", "not a file");
    expect(errors(await api.upload(textField))).toEqual(["photo: must be a file, not a text field"]);
    expect(errors(await api.upload(new Uint8Array(jpeg.subarray(0, jpeg.length / 2)), { "content-type": "image/jpeg" }))).toEqual([
      "photo: the image is damaged or truncated and cannot be read",
    ]);
    // a PNG of a few hundred bytes claiming 20,000 x 20,000 pixels: refused from its header, nothing decoded
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(errors(await api.upload(new Uint8Array(bomb), { "content-type": "image/png" }))).toEqual([
      "photo: is 20000 x 20000 pixels, more than the 100-megapixel limit",
    ]);
    const animated = await sharp({ create: { width: 8, height: 24, channels: 3, background: "#f00" } }).webp({ pageHeight: 8 } as never).toBuffer();
    const frames = await sharp(animated, { pages: -1 }).metadata();
    if ((frames.pages ?? 1) > 1) {
      expect(errors(await api.upload(new Uint8Array(animated), { "content-type": "image/webp" }))).toEqual(["photo: is animated; only still images are accepted"]);
    }
    const broken = await api.upload("--x\r\nnot a part", { "content-type": "multipart/form-data; boundary=x" });
    expect(broken).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await t.db.assetPhoto.count({ where: { assetId: api.asset.id } })).toBe(0);
  });

  it("answers 413 for a photo over 10 MiB: a declared length at once, a multipart file after parsing", async () => {
    const api = await setup();
    const declared = await api.upload(new Uint8Array(16), { "content-type": "image/jpeg", "content-length": String(PHOTO_LIMITS.maxBytes + 1) });
    expect(declared).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 10 MiB." } });
    // within the envelope allowance of the multipart body, but the file itself is over the cap
    const jpegHead = await makeImage("jpeg");
    const padded = new Uint8Array(PHOTO_LIMITS.maxBytes + 1);
    padded.set(jpegHead);
    expect(await api.upload(multipart(padded))).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const raw = await api.upload(padded, { "content-type": "image/jpeg" });
    expect(raw).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
  });

  describe("over real HTTP", () => {
    let server: FetchHandlerServer;
    let api: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      api = await setup("Streamed");
      server = await serveFetchHandler((request) => photos.POST(request, routeContext({ accountKey: api.account.key, assetId: String(api.asset.id) })));
    });
    afterAll(() => server.close());

    it("stops reading a chunked upload past 10 MiB (413), so an endless body is never buffered", async () => {
      const answer = await streamUpload(`${server.url}${api.base()}`, {
        headers: { "content-type": "image/jpeg", authorization: `Bearer ${api.token}` },
        chunk: new Uint8Array(64 * KIB).fill(0xff),
        total: PHOTO_LIMITS.maxBytes + MIB, // a MiB more than the cap: the handler must stop at the cap
      });
      expect(answer.status).toBe(413);
      expect(server.bodyBytesRead()).toBeGreaterThan(PHOTO_LIMITS.maxBytes);
      expect(server.bodyBytesRead()).toBeLessThanOrEqual(PHOTO_LIMITS.maxBytes + 64 * KIB);
    });
  });

  it("serves a photo without its EXIF location (or any metadata) unless the account keeps locations", async () => {
    const api = await setup();
    // portrait photo stored sideways: 1200 x 800 pixels with orientation 6 (rotate 90° clockwise to show)
    const original = await makeImage("jpeg", { width: 1200, height: 800, orientation: 6, gps: VILNIUS, takenAt: "2026:03:14 09:26:53", offset: "+02:00" });
    expect(readExifFacts((await sharp(original).metadata()).exif)).toMatchObject({ latitude: 54.6872, longitude: 25.2797 });
    const created = await api.upload(multipart(original));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ width: 800, height: 1200, taken_at: "2026-03-14T07:26:53.000Z", location: null });
    expect(created.body.data.size).not.toBe(original.length);

    const served = await api.file("image", id);
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 1200 }); // turned upright, no orientation tag left
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.length).toBe(created.body.data.size);
    const thumb = await sharp((await api.file("thumbnail", id)).bytes).metadata();
    expect(thumb).toMatchObject({ width: 267, height: 400 });
    expect(thumb.exif).toBeUndefined();

    // the account keeps locations: the original is served as it came, and the record shows where
    await t.db.account.update({ where: { id: api.account.id }, data: { photoKeepLocation: true } });
    const kept = await api.file("image", id);
    expect(kept.bytes.equals(original)).toBe(true);
    expect(kept.headers.get("etag")).not.toBe(served.headers.get("etag"));
    expect(readExifFacts((await sharp(kept.bytes).metadata()).exif)).toMatchObject({ latitude: 54.6872, longitude: 25.2797 });
    expect((await api.one("GET", id)).body.data).toMatchObject({ location: { latitude: 54.6872, longitude: 25.2797 }, size: original.length });
    // the thumbnail never carries metadata
    expect((await sharp((await api.file("thumbnail", id)).bytes).metadata()).exif).toBeUndefined();

    // back to stripping: the stripped copy again
    await t.db.account.update({ where: { id: api.account.id }, data: { photoKeepLocation: false } });
    expect((await api.file("image", id)).bytes.equals(served.bytes)).toBe(true);
    expect((await api.one("GET", id)).body.data.location).toBeNull();
  });

  it("reads taken_at in the account's time zone when the camera recorded no offset", async () => {
    const api = await setup();
    await t.db.account.update({ where: { id: api.account.id }, data: { timeZone: "Europe/Vilnius" } });
    const id = await api.make(await makeImage("jpeg", { takenAt: "2026:07:01 12:00:00" }));
    expect((await api.one("GET", id)).body.data.taken_at).toBe("2026-07-01T09:00:00.000Z"); // EEST, +03:00
  });

  it("pages photos in id order and caps them at 100 an asset (422 QUOTA_EXCEEDED)", async () => {
    const api = await setup();
    const ids = [await api.make(), await api.make(), await api.make()];
    const first = await api.list("?limit=2");
    expect(first.body.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 2));
    const second = await api.list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ data: [{ id: ids[2] }], next_cursor: null });
    for (const query of ["?limit=0", "?limit=501", "?cursor=***"]) {
      expect(await api.list(query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
    // rows up to the cap (without files: only the count matters here)
    await t.db.assetPhoto.createMany({
      data: Array.from({ length: PHOTO_LIMITS.perAsset - ids.length }, () => ({
        accountId: api.account.id,
        assetId: api.asset.id,
        contentType: "image/jpeg",
        width: 1,
        height: 1,
        createdBy: "test",
      })),
    });
    const refused = await api.upload(multipart(await makeImage("jpeg")));
    expect(refused).toMatchObject({
      status: 422,
      body: { code: "QUOTA_EXCEEDED", quota: { resource: "asset_photos_per_asset", limit: 100, count: 100 } },
    });
    // another asset of the account still takes photos
    const other = await makeAsset(api.account.id, "Van 2");
    expect((await api.upload(multipart(await makeImage("jpeg")), {}, undefined, other.id)).status).toBe(201);
  });

  it("deleting the asset deletes its photos and their files", async () => {
    const api = await setup();
    const id = await api.make();
    await t.db.asset.delete({ where: { id: api.asset.id } });
    expect(await t.db.assetPhoto.count({ where: { id } })).toBe(0);
    expect(await t.db.assetPhotoFile.count({ where: { photoId: id } })).toBe(0);
  });

  it("answers 404 for another account's asset, photo or key, a photo of another asset, and malformed ids", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await stranger.make();
    const mine = await api.make();
    const otherAsset = await makeAsset(api.account.id, "Van 2");
    const notFound = (answer: Answer, code: string) => expect(answer).toMatchObject({ status: 404, body: { code } });
    // their asset through my token
    notFound(await api.list("", undefined, stranger.asset.id), "ASSET_NOT_FOUND");
    notFound(await api.upload(multipart(await makeImage("jpeg")), {}, undefined, stranger.asset.id), "ASSET_NOT_FOUND");
    notFound(await api.one("GET", theirs, undefined, stranger.asset.id), "ASSET_NOT_FOUND");
    notFound(await api.file("image", theirs, { assetId: stranger.asset.id }), "ASSET_NOT_FOUND");
    // their photo id under my asset, my photo under my other asset
    notFound(await api.one("GET", theirs), "ASSET_PHOTO_NOT_FOUND");
    notFound(await api.one("DELETE", theirs), "ASSET_PHOTO_NOT_FOUND");
    notFound(await api.file("thumbnail", theirs), "ASSET_PHOTO_NOT_FOUND");
    notFound(await api.one("GET", mine, undefined, otherAsset.id), "ASSET_PHOTO_NOT_FOUND");
    notFound(await api.one("GET", "abc"), "ASSET_PHOTO_NOT_FOUND");
    notFound(await api.list("", undefined, 0), "ASSET_NOT_FOUND");
    // my token on their account key
    const foreignKey = await answerOf(
      await photos.GET(new Request(`http://fleetline.test${stranger.base()}`, { headers: { authorization: `Bearer ${api.token}` } }), routeContext({ accountKey: stranger.account.key, assetId: String(stranger.asset.id) })),
    );
    notFound(foreignKey, "ACCOUNT_NOT_FOUND");
    // theirs is untouched
    expect((await stranger.one("GET", theirs)).status).toBe(200);
  });

  it("answers 405 for other methods, naming the allowed ones", async () => {
    const api = await setup();
    const id = await api.make();
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const answer = await api.collection(method);
      expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, POST");
    }
    for (const method of ["POST", "PUT", "PATCH"] as const) {
      expect((await api.one(method, id)).headers.get("allow"), method).toBe("GET, DELETE");
    }
    expect(await api.file("image", id, { method: "POST" })).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
  });

  it("needs assets:read to read and assets:write to change; 401 exactly without a token", async () => {
    const api = await setup();
    const id = await api.make();
    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["assets:write"] })).token;
    for (const answer of [await api.list("", reader), await api.one("GET", id, reader), await api.file("image", id, { as: reader }), await api.file("thumbnail", id, { as: reader })]) {
      expect(answer.status).toBe(200);
    }
    const jpeg = await makeImage("jpeg");
    for (const answer of [
      await api.upload(multipart(jpeg), {}, reader),
      await api.one("DELETE", id, reader),
      await api.list("", writer),
      await api.one("GET", id, writer),
      await api.file("image", id, { as: writer }),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    }
    for (const answer of [
      await api.list("", null),
      await api.upload(multipart(jpeg), {}, null),
      await api.one("GET", id, null),
      await api.one("DELETE", id, "not-a-token"),
      await api.file("image", id, { as: null }),
      await api.file("thumbnail", id, { as: null }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthenticated." });
    }
    expect((await api.one("GET", id)).status).toBe(200);
  });

  it("limits uploads to 60 a minute per client (429), apart from the REST budget, which counts every other call", async () => {
    const api = await setup();
    const id = await api.make();
    const uploads = rateLimiter(PHOTO_UPLOAD_RATE_LIMIT);
    for (let call = 1; call < PHOTO_UPLOAD_RATE_LIMIT.points; call++) await uploads.consume(api.clientId);
    const refused = await api.upload(multipart(await makeImage("jpeg")));
    expect(refused).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await api.list()).status).toBe(200);

    const budget = rateLimiter(DEFAULT_API_RATE_LIMIT);
    for (let call = 1; call < DEFAULT_API_RATE_LIMIT.points; call++) await budget.consume(api.clientId);
    for (const answer of [await api.list(), await api.one("GET", id), await api.file("image", id), await api.one("DELETE", id)]) {
      expect(answer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    }
  });
});

describe("photo file responses", () => {
  it("answer HEAD without a body, and 304 for a weak or listed ETag", async () => {
    const file = { contentType: "image/png", fileName: "photo-1.png", etag: '"abc"', body: new Uint8Array([1, 2, 3]) };
    const head = photoFileResponse(new Request("http://x/", { method: "HEAD" }), file, "image");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("3");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    for (const tag of ['W/"abc"', '"zzz", "abc"', "*"]) {
      expect(photoFileResponse(new Request("http://x/", { headers: { "if-none-match": tag } }), file, "thumbnail").status, tag).toBe(304);
    }
    expect(photoFileResponse(new Request("http://x/", { headers: { "if-none-match": '"zzz"' } }), file, "image").status).toBe(200);
  });
});
