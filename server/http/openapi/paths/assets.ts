// GET /api/{accountKey}/asset and GET /api/{accountKey}/asset_map.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZAssetDto, ZAssetListQuery, ZAssetPage } from "../../../modules/assets/assets.schema";
import { ZAccountPathParams, ZAssetMap } from "../../rest.schema";
import { ZAssetMapQuery } from "../../../modules/assets/list-asset-map";
import { ZPageQuery } from "../../../modules/paging";
import { errorResponses, oauth } from "../common";

export function registerAssetPaths(registry: OpenAPIRegistry): void {
  // Components are named with zod's own .meta({ id }) rather than registry.register(), which needs schemas built
  // after extendZodWithOpenApi (not guaranteed for domain schemas under Next's bundler).
  const asset = ZAssetDto.meta({ id: "Asset" });
  const page = z.object({ data: z.array(asset), next_cursor: ZAssetPage.shape.next_cursor }).meta({ id: "AssetPage" });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset",
    tags: ["Assets"],
    summary: "List assets",
    description:
      "Assets in id order with their tracker and last known position, one page at a time. The filters combine " +
      "(every one given must match); cursors work the same with or without them.",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZAssetListQuery },
    responses: {
      200: { description: "One page of assets.", content: { "application/json": { schema: page } } },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset_map",
    tags: ["Assets"],
    summary: "Asset ids",
    description:
      "The account's asset ids, e.g. for the live stream's asset_ids, in ascending pages. A page holds up to 20,000 ids " +
      "by default, as many as one live-stream connection takes, so most accounts get all of them in one page.",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZAssetMapQuery },
    responses: {
      200: { description: "One page of asset ids.", content: { "application/json": { schema: ZAssetMap } } },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
}
