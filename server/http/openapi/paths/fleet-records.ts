// Fleet records for integrators: asset groups (/api/{accountKey}/asset-group, a tree) and tags (/api/{accountKey}/tag,
// flat labels with a colour on assets and drivers), with bulk membership. docs/fleet-records.md has the rules.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ACCOUNT_QUOTAS } from "../../../modules/accounts/account-quotas";
import { MAX_GROUP_DEPTH, ZAssetGroupBody, ZAssetGroupDto, ZAssetGroupPage, ZGroupListQuery } from "../../../modules/asset-groups/asset-groups.schema";
import { type IdsField, MAX_BODY_IDS, MAX_QUERY_IDS, ZIdsBody, ZIdsQuery } from "../../../modules/owned-ids";
import { ZPageQuery } from "../../../modules/paging";
import { ZTagBody, ZTagDto, ZTagPage } from "../../../modules/tags/tags.schema";
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
}
