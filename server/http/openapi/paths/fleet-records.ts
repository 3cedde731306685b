// Fleet records for integrators: asset groups (/api/{accountKey}/asset-group, a tree) and tags (/api/{accountKey}/tag,
// flat labels with a colour on assets and drivers), with bulk membership, and asset photos
// (/api/{accountKey}/asset/{assetId}/photo). docs/fleet-records.md has the rules.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ACCOUNT_QUOTAS } from "../../../modules/accounts/account-quotas";
import { MAX_GROUP_DEPTH, ZAssetGroupBody, ZAssetGroupDto, ZAssetGroupPage, ZGroupListQuery } from "../../../modules/asset-groups/asset-groups.schema";
import { type IdsField, MAX_BODY_IDS, MAX_QUERY_IDS, ZIdsBody, ZIdsQuery } from "../../../modules/owned-ids";
import { ZPageQuery } from "../../../modules/paging";
import { ZTagBody, ZTagDto, ZTagPage } from "../../../modules/tags/tags.schema";
import { PHOTO_LIMITS, ZPhotoDto, ZPhotoPage } from "../../../modules/asset-photos/asset-photos.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const created = (schema: z.ZodType, description: string) => ({
  ...json(schema, description),
  headers: { Location: { schema: { type: "string" as const }, description: "The new resource's path in this API." } },
});
const bodyOf = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema } } });
const ZIdPage = z
  .object({ data: z.array(z.number().int()), next_cursor: z.string().nullable() })
  .meta({ id: "IdPage", description: "Ids in ascending order, a page at a time." });

const GROUPS = "/api/{accountKey}/asset-group";
const TAGS = "/api/{accountKey}/tag";
const ZGroupParams = ZAccountPathParams.extend({ groupId: z.string().meta({ description: "The group's id." }) });
const ZTagParams = ZAccountPathParams.extend({ tagId: z.string().meta({ description: "The tag's id." }) });
const ZGroupAnswer = z.object({ data: ZAssetGroupDto });
const ZTagAnswer = z.object({ data: ZTagDto });

/** GET/PUT/POST/DELETE of a membership sub-collection (a group's assets, a tag's assets or drivers) */
function registerMembers(
  registry: OpenAPIRegistry,
  path: string,
  params: z.ZodObject,
  field: IdsField,
  answer: z.ZodType,
  owner: { tag: string; noun: string },
): void {
  const what = field === "asset_ids" ? "assets" : "drivers";
  const base = { tags: [owner.tag], request: { params } };
  const unknownIds = `Every id must be one of the account's ${what} (422 on \`${field}\` naming the others; nothing is written).`;
  registry.registerPath({
    ...base,
    method: "get",
    path,
    summary: `List the ${what} of a ${owner.noun}`,
    security: oauth("assets:read"),
    request: { params, query: ZPageQuery },
    responses: { 200: json(ZIdPage, `Ids of the ${owner.noun}'s ${what}.`), ...errorResponses(401, 403, 404, 422, 429) },
  });
  const body = bodyOf(ZIdsBody(field));
  for (const [method, summary, description] of [
    ["put", `Set the ${what} of a ${owner.noun}`, `\`${field}\` become exactly the ${owner.noun}'s ${what} (up to ${MAX_BODY_IDS.toLocaleString("en")}). ${unknownIds}`],
    ["post", `Add ${what} to a ${owner.noun}`, `Adds \`${field}\` (up to ${MAX_BODY_IDS.toLocaleString("en")}); those already in stay. ${unknownIds}`],
  ] as const) {
    registry.registerPath({
      ...base,
      method,
      path,
      summary,
      description,
      security: oauth("assets:write"),
      request: { params, body },
      responses: { 200: json(answer, `The ${owner.noun}, with its new counts.`), ...errorResponses(400, 401, 403, 404, 422, 429) },
    });
  }
  registry.registerPath({
    ...base,
    method: "delete",
    path,
    summary: `Remove ${what} from a ${owner.noun}`,
    description: `Takes the ${what} named in \`?${field}=\` (up to ${MAX_QUERY_IDS}, separated by commas) out; ids not in it are ignored.`,
    security: oauth("assets:write"),
    request: { params, query: ZIdsQuery(field) },
    responses: { 200: json(answer, `The ${owner.noun}, with its new counts.`), ...errorResponses(401, 403, 404, 422, 429) },
  });
}

export function registerFleetRecordPaths(registry: OpenAPIRegistry): void {
  const groupTag = "Asset groups";
  registry.registerPath({
    method: "get",
    path: GROUPS,
    tags: [groupTag],
    summary: "List asset groups",
    description: "The account's groups in id order (a parent before its subgroups), one page at a time.",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZGroupListQuery },
    responses: { 200: json(ZAssetGroupPage, "One page of groups."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  const placement =
    `\`parent_id\` must be a group of the account, not the group itself or one of its subgroups, and the tree at most ` +
    `${MAX_GROUP_DEPTH} levels deep (422 on \`parent_id\`). A name already used in the same parent is 409 GROUP_NAME_TAKEN.`;
  registry.registerPath({
    method: "post",
    path: GROUPS,
    tags: [groupTag],
    summary: "Create an asset group",
    description:
      `A group at the top or inside another. ${placement} At most ${ACCOUNT_QUOTAS.asset_groups.toLocaleString("en")} ` +
      "groups an account: 422 QUOTA_EXCEEDED with `quota` past it.",
    security: oauth("assets:write"),
    request: { params: ZAccountPathParams, body: bodyOf(ZAssetGroupBody) },
    responses: { 201: created(ZGroupAnswer, "The created group."), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${GROUPS}/{groupId}`,
    tags: [groupTag],
    summary: "Read an asset group",
    security: oauth("assets:read"),
    request: { params: ZGroupParams },
    responses: { 200: json(ZGroupAnswer, "The group."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: `${GROUPS}/{groupId}`,
    tags: [groupTag],
    summary: "Rename or move an asset group",
    description: `Name and parent replaced as a whole (parent_id left out: top level); its subgroups move with it, its assets stay. ${placement}`,
    security: oauth("assets:write"),
    request: { params: ZGroupParams, body: bodyOf(ZAssetGroupBody) },
    responses: { 200: json(ZGroupAnswer, "The group as stored."), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${GROUPS}/{groupId}`,
    tags: [groupTag],
    summary: "Delete an asset group",
    description: "Its assets are only taken out of it. A group with subgroups is refused (409 GROUP_HAS_SUBGROUPS): move or delete them first.",
    security: oauth("assets:write"),
    request: { params: ZGroupParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 409, 429) },
  });
  registerMembers(registry, `${GROUPS}/{groupId}/assets`, ZGroupParams, "asset_ids", ZGroupAnswer, { tag: groupTag, noun: "group" });

  const tagTag = "Tags";
  registry.registerPath({
    method: "get",
    path: TAGS,
    tags: [tagTag],
    summary: "List tags",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZPageQuery },
    responses: { 200: json(ZTagPage, "One page of tags, in id order."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: TAGS,
    tags: [tagTag],
    summary: "Create a tag",
    description:
      "A name unique in the account whatever its case (409 TAG_NAME_TAKEN otherwise) and a colour #rrggbb. At most " +
      `${ACCOUNT_QUOTAS.tags.toLocaleString("en")} tags an account: 422 QUOTA_EXCEEDED with \`quota\` past it.`,
    security: oauth("assets:write"),
    request: { params: ZAccountPathParams, body: bodyOf(ZTagBody) },
    responses: { 201: created(ZTagAnswer, "The created tag."), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${TAGS}/{tagId}`,
    tags: [tagTag],
    summary: "Read a tag",
    security: oauth("assets:read"),
    request: { params: ZTagParams },
    responses: { 200: json(ZTagAnswer, "The tag."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: `${TAGS}/{tagId}`,
    tags: [tagTag],
    summary: "Replace a tag",
    description: "Name and colour replaced as a whole (colour left out: the default grey); its assets and drivers stay.",
    security: oauth("assets:write"),
    request: { params: ZTagParams, body: bodyOf(ZTagBody) },
    responses: { 200: json(ZTagAnswer, "The tag as stored."), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${TAGS}/{tagId}`,
    tags: [tagTag],
    summary: "Delete a tag",
    description: "The assets and drivers it labelled only lose the label.",
    security: oauth("assets:write"),
    request: { params: ZTagParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });
  registerMembers(registry, `${TAGS}/{tagId}/assets`, ZTagParams, "asset_ids", ZTagAnswer, { tag: tagTag, noun: "tag" });
  registerMembers(registry, `${TAGS}/{tagId}/drivers`, ZTagParams, "driver_ids", ZTagAnswer, { tag: tagTag, noun: "tag" });
  registerAssetPhotoPaths(registry);
}

const PHOTOS = "/api/{accountKey}/asset/{assetId}/photo";
const ZPhotosParams = ZAccountPathParams.extend({ assetId: z.string().meta({ description: "The asset's id." }) });
const ZPhotoParams = ZPhotosParams.extend({ photoId: z.string().meta({ description: "The photo's id." }) });
const binary = { schema: { type: "string" as const, format: "binary" } };

function registerAssetPhotoPaths(registry: OpenAPIRegistry): void {
  const tag = "Asset photos";
  const megabytes = PHOTO_LIMITS.maxBytes / 1024 / 1024;
  registry.registerPath({
    method: "get",
    path: PHOTOS,
    tags: [tag],
    summary: "List an asset's photos",
    description: "In id order (oldest upload first), without their bytes: `image_url` and `thumbnail_url` name them.",
    security: oauth("assets:read"),
    request: { params: ZPhotosParams, query: ZPageQuery },
    responses: { 200: json(ZPhotoPage, "One page of photos."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: PHOTOS,
    tags: [tag],
    summary: "Upload a photo of an asset",
    description:
      "`multipart/form-data` with the image in the field `photo`, or the image itself as the body with an `image/*` " +
      "(or `application/octet-stream`) Content-Type. JPEG, PNG and WebP only, **told by the bytes**: the file name and " +
      "the declared type are never trusted (a GIF named .jpg, or sent as image/jpeg, is 415 UNSUPPORTED_MEDIA_TYPE). " +
      `At most ${megabytes} MiB (413, not read further) and ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels (422, ` +
      "judged from the header before decoding); damaged, empty or animated images are 422. At most " +
      `${PHOTO_LIMITS.perAsset} photos an asset and ${ACCOUNT_QUOTAS.asset_photos.toLocaleString("en")} an account ` +
      "(422 QUOTA_EXCEEDED with `quota`). Uploads count 60 a minute per client apart from the REST budget.",
    security: oauth("assets:write"),
    request: {
      params: ZPhotosParams,
      body: {
        required: true,
        content: {
          "multipart/form-data": { schema: z.object({ photo: z.string().meta({ format: "binary", description: "The image file." }) }) },
          "image/jpeg": binary,
          "image/png": binary,
          "image/webp": binary,
          "application/octet-stream": binary,
        },
      },
    },
    responses: {
      201: created(z.object({ data: ZPhotoDto }), "The stored photo."),
      ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${PHOTOS}/{photoId}`,
    tags: [tag],
    summary: "Read a photo's record",
    security: oauth("assets:read"),
    request: { params: ZPhotoParams },
    responses: { 200: json(z.object({ data: ZPhotoDto }), "The photo, without its bytes."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${PHOTOS}/{photoId}`,
    tags: [tag],
    summary: "Delete a photo",
    description: "With its files. Deleting the asset deletes its photos too.",
    security: oauth("assets:write"),
    request: { params: ZPhotoParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });
  for (const [variant, summary, description, types] of [
    [
      "image",
      "Download a photo",
      "The full image in its own type. While the account keeps photo locations: the original as uploaded, EXIF " +
        "included; otherwise (the default) a copy without any metadata (EXIF with its GPS position, XMP, IPTC), turned " +
        "upright. `Cache-Control: private, no-cache` and a strong ETag: If-None-Match answers 304.",
      { "image/jpeg": binary, "image/png": binary, "image/webp": binary },
    ],
    [
      "thumbnail",
      "Download a photo's thumbnail",
      `A WebP within ${PHOTO_LIMITS.thumbnailSize} x ${PHOTO_LIMITS.thumbnailSize} pixels (never enlarged), upright, ` +
        "without metadata. It never changes: `Cache-Control: private, max-age=31536000, immutable`, strong ETag (304).",
      { "image/webp": binary },
    ],
  ] as const) {
    registry.registerPath({
      method: "get",
      path: `${PHOTOS}/{photoId}/${variant}`,
      tags: [tag],
      summary,
      description,
      security: oauth("assets:read"),
      request: { params: ZPhotoParams },
      responses: {
        200: { description: "The image.", content: types },
        304: { description: "Not modified: the ETag sent in If-None-Match is current." },
        ...errorResponses(401, 403, 404, 429),
      },
    });
  }
}
