import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZListPage } from "../paging";
import { type GeofencePage, geofenceSelect, toGeofenceDto } from "./geofences.schema";

/** One page of an account's geofences in id order; `next_cursor` is null on the last page. */
export async function listGeofences(input: { accountId: number; cursor?: string | null; limit?: number }): Promise<GeofencePage> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().geofence.findMany({
    where: { accountId, id: { gt: after } },
    select: geofenceSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toGeofenceDto);
}
