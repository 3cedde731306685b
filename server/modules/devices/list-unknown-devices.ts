// IMEIs that tried to connect without a provisioned tracker, newest attempt first. Who sees which is the platform
// operator's decision, never first-come: the platform operator (platform admin) sees them all; an account sees only
// the IMEIs it pre-registered (pre-register-device.ts) that tried to log in after that. So no tenant sees another
// tenant's devices or the addresses they connect from, and a tenant cannot watch for newly installed devices of
// others to claim them.
import { db } from "../../db/client";
import { MAX_UNKNOWN_DEVICES, type UnknownDeviceDto } from "./devices.schema";

export async function listUnknownDevices(input: {
  accountId: number;
  platformAdmin: boolean;
  limit?: number;
}): Promise<UnknownDeviceDto[]> {
  const limit = Math.min(Math.max(input.limit ?? MAX_UNKNOWN_DEVICES, 1), MAX_UNKNOWN_DEVICES);
  const rows = await db().unknownDevice.findMany({
    where: input.platformAdmin ? {} : { accountId: input.accountId, attempts: { gt: 0 } },
    orderBy: [{ lastSeenAt: "desc" }, { imei: "asc" }],
    take: input.platformAdmin ? limit : undefined,
    select: {
      imei: true,
      protocol: true,
      attempts: true,
      firstSeenAt: true,
      lastSeenAt: true,
      remoteAddress: true,
      preRegisteredAt: true,
    },
  });
  return rows
    .filter((row) => input.platformAdmin || (row.preRegisteredAt !== null && row.lastSeenAt > row.preRegisteredAt))
    .slice(0, limit)
    .map((row) => ({
      imei: row.imei,
      protocol: row.protocol,
      attempts: row.attempts,
      first_seen_at: row.firstSeenAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      remote_address: row.remoteAddress,
    }));
}
