// One page of an account's odometer readings, newest first (read_at, then id), optionally of one asset, one source
// and a date range [from, to). An unknown asset id matches nothing (an empty page), like the asset list's filters, and
// so does one outside a group-limited member's `scope`: the page holds only readings of the assets they see.
import { z } from "zod";
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { ZListPage } from "../paging";
import { afterCursor, datedPage } from "./dated-cursor";
import { odometerSelect, toOdometerEntryDto, ODOMETER_SOURCES, type OdometerEntryPage } from "./odometer-entries.schema";

const ZListOdometerEntries = ZListPage.extend({
  assetId: z.number().int().positive().optional(),
  source: z.enum(ODOMETER_SOURCES).optional(),
  from: z.date().optional(),
  to: z.date().optional(),
});

export async function listOdometerEntries(input: z.input<typeof ZListOdometerEntries> & { scope?: AssetScope }): Promise<OdometerEntryPage> {
  const { accountId, assetId, source, from, to, cursor, limit } = parseInput(ZListOdometerEntries, input);
  const rows = await db().odometerEntry.findMany({
    where: {
      accountId,
      ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)),
      ...(assetId !== undefined ? { assetId } : {}),
      ...(source ? { source } : {}),
      ...(from || to ? { readAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
      ...afterCursor("readAt", cursor),
    },
    orderBy: [{ readAt: "desc" }, { id: "desc" }],
    select: odometerSelect,
    take: limit + 1, // one extra row tells whether another page exists
  });
  return datedPage(rows, limit, (row) => row.readAt, toOdometerEntryDto);
}
