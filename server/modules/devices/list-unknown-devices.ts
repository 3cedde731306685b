// IMEIs that tried to connect without a provisioned tracker, newest attempt first. The rows belong to no account
// (nobody knows yet whose device it is), so every account's admins and fleet managers see the same list; it shows
// only what the device itself sent (IMEI, protocol, address), never another account's data.
import { db } from "../../db/client";
import { MAX_UNKNOWN_DEVICES, type UnknownDeviceDto } from "./devices.schema";

export async function listUnknownDevices(input: { limit?: number } = {}): Promise<UnknownDeviceDto[]> {
  const limit = Math.min(Math.max(input.limit ?? MAX_UNKNOWN_DEVICES, 1), MAX_UNKNOWN_DEVICES);
  const rows = await db().unknownDevice.findMany({
    orderBy: [{ lastSeenAt: "desc" }, { imei: "asc" }],
    take: limit,
    select: { imei: true, protocol: true, attempts: true, firstSeenAt: true, lastSeenAt: true, remoteAddress: true },
  });
  return rows.map((row) => ({
    imei: row.imei,
    protocol: row.protocol,
    attempts: row.attempts,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    remote_address: row.remoteAddress,
  }));
}
