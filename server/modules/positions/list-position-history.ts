import { db } from "../../db/client";
import { AppError } from "../../errors";
import { decodeCursor, encodeCursor } from "../paging";
import type { HistoryItem, TimeRangeQuery } from "./positions.schema";
import type { RawIoValue } from "../../tracker/record";
import { protocolCatalogue } from "../protocol-port";
import { standardStatus } from "./vehicle-status";

/** Stored positions of one asset in fix-time order, a page at a time. */
export async function listPositionHistory(input: {
  accountId: number;
  assetId: number;
  range: TimeRangeQuery;
}): Promise<{ data: HistoryItem[]; next_cursor: string | null }> {
  const { accountId, assetId, range } = input;
  const asset = await db().asset.findFirst({
    where: { id: assetId, accountId },
    select: { id: true, tracker: { select: { imei: true, protocol: true } } },
  });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);

  const after = range.cursor ? decodeCursor(range.cursor) : null;
  const from = new Date(after !== null ? Math.max(after + 1, range.from) : range.from);
  const rows = await db().position.findMany({
    // flagged records (a device clock far ahead, impossible coordinates) are stored but are no part of the history
    where: { assetId, flag: null, fixTime: { gte: from, lte: new Date(range.to) } },
    orderBy: { fixTime: "asc" },
    take: range.limit + 1,
    select: {
      fixTime: true,
      wsSeq: true,
      latitude: true,
      longitude: true,
      altitude: true,
      speed: true,
      course: true,
      satellites: true,
      ignition: true,
      odometer: true,
      street: true,
      town: true,
      country: true,
      avlIo: true,
      io: true,
      trackerId: true,
    },
  });
  const page = rows.slice(0, range.limit);
  // dateMoved of the first item needs the newest moving fix at or before it
  const first = page[0];
  const movedBefore = first
    ? await db().position.findFirst({
        where: { assetId, flag: null, speed: { gt: 0 }, fixTime: { lte: first.fixTime } },
        orderBy: { fixTime: "desc" },
        select: { fixTime: true },
      })
    : null;
  let dateMoved = movedBefore?.fixTime.getTime() ?? null;
  const imei = asset.tracker?.imei ?? "";
  // stored IO is named by the protocol of the asset's tracker (a tracker is fitted with one protocol)
  const protocol = asset.tracker?.protocol ?? "teltonika";
  const data = page.map((row): HistoryItem => {
    const time = row.fixTime.getTime();
    if (row.speed > 0) dateMoved = time;
    return {
      assetId,
      trackerImei: imei,
      latitude: row.latitude,
      longitude: row.longitude,
      speed: row.speed,
      course: row.course,
      dateUpdated: time,
      dateMoved: dateMoved ?? time,
      wsSeq: row.wsSeq === null ? null : Number(row.wsSeq),
      status: standardStatus(row.speed),
      altitude: row.altitude,
      satellites: row.satellites,
      ignition: row.ignition,
      odometer: row.odometer,
      address: { street: row.street, town: row.town, country: row.country },
      io: row.avlIo ? protocolCatalogue().namedIo(protocol, row.avlIo as Record<string, RawIoValue>) : (row.io as HistoryItem["io"]),
    };
  });
  return {
    data,
    next_cursor: rows.length > range.limit ? encodeCursor(page[page.length - 1]!.fixTime.getTime()) : null,
  };
}
