// Events report: the alerts fired for the asset inside the range (server/modules/alerts), oldest first, with the
// place stored with each (street, town, country) and its type's own fields as JSON text. `eventTypes` narrows it to
// some alert types. Read in keyset batches by (fired_at, id).
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import { addressOf, iso, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import type { RowKey } from "./report-cursor";

const BATCH = 1_000;

interface AlertRow {
  id: number;
  fired_at: Date;
  type: string;
  rule_name: string;
  message: string;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  street: string | null;
  town: string | null;
  country: string | null;
  details: unknown;
}

export const eventsReport: RowSource = {
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const { from, to, options } = context.request;
    const types = options?.eventTypes?.length ? options.eventTypes : null;
    let cursor = Array.isArray(after) ? after : null;
    for (;;) {
      const alerts = await db().$queryRaw<AlertRow[]>`
        SELECT id, fired_at, type::text AS type, rule_name, message, latitude, longitude, speed, street, town, country,
               details
        FROM alerts
        WHERE asset_id = ${asset.id} AND account_id = ${context.request.accountId}
          AND fired_at >= ${from} AND fired_at < ${to}
          ${types ? Prisma.sql`AND type::text IN (${Prisma.join(types)})` : Prisma.empty}
          ${cursor ? Prisma.sql`AND (fired_at, id) > (${new Date(cursor[0])}, ${cursor[1]})` : Prisma.empty}
        ORDER BY fired_at, id LIMIT ${BATCH}`;
      for (const alert of alerts) {
        yield {
          key: [alert.fired_at.getTime(), alert.id],
          row: {
            asset_id: asset.id,
            asset_name: asset.name,
            time: iso(alert.fired_at),
            type: alert.type,
            rule_name: alert.rule_name,
            message: alert.message,
            address: addressOf(alert),
            lat: alert.latitude,
            lng: alert.longitude,
            speed_kmh: alert.speed,
            details: JSON.stringify(alert.details ?? {}),
          },
        };
      }
      if (alerts.length < BATCH) return;
      const last = alerts.at(-1)!;
      cursor = [last.fired_at.getTime(), last.id];
    }
  },
};
