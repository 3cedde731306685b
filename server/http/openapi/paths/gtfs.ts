// The transit feeds ({base_url}/api/{account_key}/public-tracking, docs/gtfs.md): the static GTFS zip of the account's
// routes and runs and the GTFS-realtime feed of its runs in progress. Either an API key (as the other public-tracking
// calls) or an OAuth token with routes:read.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZAccountPathParams } from "../../rest.schema";
import { SECURITY, errorResponses } from "../common";

const TAG = "Transit feeds";
const security: Record<string, string[]>[] = [{ [SECURITY.oauth2]: ["routes:read"] }, { [SECURITY.apiKey]: [] }];
const WHO =
  "Send an API key whose member is an admin, fleet manager or office staff, or an OAuth token with routes:read (a " +
  "client acting for a member limited to some groups is refused: the feeds cover the whole account).";
const binary = { schema: { type: "string" as const, format: "binary" } };

const ZTripDescriptor = z.object({
  trip_id: z.string().meta({ description: "run-{run id} for an imported run, route-{route id} for the weekly schedule's trip" }),
  route_id: z.string(),
  start_date: z.string().meta({ description: "YYYYMMDD, the service day" }),
  schedule_relationship: z.literal("SCHEDULED"),
});
const ZVehicleDescriptor = z.object({ id: z.string(), label: z.string().optional(), license_plate: z.string().optional() });
const ZStopTimeEvent = z.object({
  delay: z.number().int().optional().meta({ description: "seconds late (negative: early) against the static time" }),
  time: z.number().int().optional().meta({ description: "POSIX seconds" }),
  uncertainty: z.number().int().optional().meta({ description: "seconds; 0 for what happened" }),
});
const ZFeedMessageJson = z
  .object({
    header: z.object({ gtfs_realtime_version: z.literal("2.0"), incrementality: z.literal("FULL_DATASET"), timestamp: z.number().int() }),
    entity: z.array(
      z.object({
        id: z.string(),
        trip_update: z
          .object({
            trip: ZTripDescriptor,
            vehicle: ZVehicleDescriptor.optional(),
            stop_time_update: z.array(
              z.object({
                stop_sequence: z.number().int(),
                stop_id: z.string(),
                arrival: ZStopTimeEvent.optional(),
                departure: ZStopTimeEvent.optional(),
                schedule_relationship: z.enum(["SCHEDULED", "SKIPPED", "NO_DATA"]),
              }),
            ),
            timestamp: z.number().int().optional(),
            delay: z.number().int().optional(),
          })
          .optional(),
        vehicle: z
          .object({
            trip: ZTripDescriptor,
            vehicle: ZVehicleDescriptor,
            position: z
              .object({ latitude: z.number(), longitude: z.number(), bearing: z.number().optional(), odometer: z.number().optional(), speed: z.number().optional().meta({ description: "m/s" }) })
              .optional(),
            current_stop_sequence: z.number().int().optional(),
            stop_id: z.string().optional(),
            current_status: z.enum(["INCOMING_AT", "STOPPED_AT", "IN_TRANSIT_TO"]).optional(),
            timestamp: z.number().int().optional(),
          })
          .optional(),
      }),
    ),
  })
  .meta({ id: "GtfsRealtimeFeedJson", description: "The FeedMessage with gtfs-realtime.proto's field names and enum names." });

export function registerGtfsPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/public-tracking/gtfs-realtime",
    tags: [TAG],
    summary: "GTFS-realtime feed of the runs in progress",
    description:
      "A GTFS-realtime 2.0 FeedMessage (FULL_DATASET): per run in progress a TripUpdate (actual arrival and departure " +
      "times of the stops reached, SKIPPED for stops passed, the latest ETA of each stop ahead, or, before the first " +
      "ETA, the delay at the last stop reached on the next stop for consumers to propagate) and its vehicle's " +
      "VehiclePosition (position, bearing, speed in m/s, the stop it is at or heading to). Trip, route and stop ids " +
      `are those of gtfs.zip. \`?format=json\` answers the same message as JSON, for reading. ${WHO}`,
    security,
    request: {
      params: ZAccountPathParams,
      query: z.object({ format: z.enum(["protobuf", "json"]).optional().meta({ description: "protobuf (default) or json" }) }),
    },
    responses: {
      200: {
        description: "The feed (application/x-protobuf), or its JSON view with ?format=json.",
        content: { "application/x-protobuf": binary, "application/json": { schema: ZFeedMessageJson } },
      },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/public-tracking/gtfs.zip",
    tags: [TAG],
    summary: "Static GTFS feed of the routes and runs",
    description:
      "A GTFS zip (agency, routes, stops, trips, stop_times, calendar, calendar_dates, feed_info) of the account's " +
      "routes from yesterday to 92 days ahead: one trip per route for its weekly schedule (calendar.txt, without the " +
      "days that have a run) and one per imported run (calendar_dates.txt). Times are the account's time zone, past " +
      "24:00 after midnight. The ETag is feed_version: send If-None-Match to get 304 until the timetable changes. " +
      `30 calls a minute per key or client. ${WHO}`,
    security,
    request: { params: ZAccountPathParams },
    responses: {
      200: { description: "The GTFS zip.", content: { "application/zip": binary } },
      304: { description: "Not modified: If-None-Match named the current feed_version." },
      ...errorResponses(401, 403, 404, 429),
    },
  });
}
