// The trip as REST and the dashboard see it (GET /api/{account_key}/asset/{asset_id}/trips, the asset page's trips
// table and playback): one row per trip the detector (trip-detector.ts) opened, with its summary and whole trail.
import { z } from "zod";

export const ZTrip = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int(),
    started_at: z.string(),
    ended_at: z.string().nullable().meta({ description: "null while the trip is in progress" }),
    start: z.object({ latitude: z.number(), longitude: z.number() }),
    end: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
    distance_m: z.number(),
    duration_s: z.number().int(),
    max_speed_kmh: z.number(),
    score: z.number().int().meta({ description: "0..100 driving score (harsh events, overspeed)" }),
    harsh_events: z.number().int(),
    trail: z.array(z.tuple([z.number(), z.number(), z.number()])).meta({ description: "[longitude, latitude, epoch ms]" }),
  })
  .meta({ id: "Trip" });

export type TripDto = z.output<typeof ZTrip>;

export const ZTripPage = z.object({ data: z.array(ZTrip), next_cursor: z.string().nullable() }).meta({ id: "TripPage" });
