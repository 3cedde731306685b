// GET /api/{accountKey}/asset/{assetId}/history and /trips.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZHistoryPage, ZTimeRangeQuery } from "../../../modules/positions/positions.schema";
import { ZTripPage } from "../../../modules/trips/trips.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

export function registerPositionPaths(registry: OpenAPIRegistry): void {
  const params = ZAccountPathParams.extend({ assetId: z.string().meta({ description: "The asset id." }) });
  const query = ZTimeRangeQuery.in;

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset/{assetId}/history",
    tags: ["History"],
    summary: "Position history",
    description:
      "Stored positions of one asset between `from` and `to` (at most 31 days), oldest first. Each item has the ten " +
      "standard live fields plus altitude, satellites, ignition, odometer, address and the named IO data. Buffered " +
      "records that arrived after newer ones are included with `wsSeq` null (they were never published live).",
    security: oauth("positions:read"),
    request: { params, query },
    responses: {
      200: { description: "One page of positions.", content: { "application/json": { schema: ZHistoryPage } } },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset/{assetId}/trips",
    tags: ["History"],
    summary: "Trips",
    description:
      "Trips of one asset overlapping the range, oldest first, including one in progress (ended_at null). A trip " +
      "starts on motion with ignition on and ends at ignition off or after 5 minutes stationary.",
    security: oauth("positions:read"),
    request: { params, query },
    responses: {
      200: { description: "One page of trips.", content: { "application/json": { schema: ZTripPage } } },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
}
