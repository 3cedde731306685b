import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { linkSelect, toTrackingLinkDto, type LinkRecord } from "./link-record";
import type { TrackingLinkDto } from "./tracking-links.schema";

const ZListTrackingLinks = z.object({
  accountId: z.number().int().positive(),
  /** only the links following this vehicle */
  assetId: z.number().int().positive().optional(),
  /** only the links following this route (route-based and passengers' own links) */
  routeId: z.number().int().positive().optional(),
  /** only enabled (true) or disabled (false) links */
  active: z.boolean().optional(),
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});

/** One page of the account's links, newest first; `next_cursor` is null on the last page. */
export async function listTrackingLinks(
  input: z.input<typeof ZListTrackingLinks>,
): Promise<{ data: TrackingLinkDto[]; next_cursor: string | null }> {
  const { accountId, assetId, routeId, active, cursor, limit } = parseInput(ZListTrackingLinks, input);
  const rows = (await db().trackingLink.findMany({
    where: {
      accountId,
      ...(assetId && { assetId }),
      ...(routeId && { routeId }),
      ...(active !== undefined && { active }),
      ...(cursor && { id: { lt: decodeCursor(cursor) } }),
    },
    select: linkSelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  })) as LinkRecord[];
  const now = Date.now();
  return pageById(rows, limit, (row) => toTrackingLinkDto(row, now));
}
