// One page of an account's fuel entries, newest first (filled_at, then id), optionally of one asset and a date range
// [from, to), each with its consumption figures. An unknown asset id matches nothing (an empty page), and so does one
// outside a group-limited member's `scope`: the page holds only entries of the assets they see.
import { z } from "zod";
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { ZListPage } from "../paging";
import { afterCursor, datedPage } from "../odometer-entries/dated-cursor";
import { fuelSelect, toFuelEntryDto, type FuelEntryPage } from "./fuel-entries.schema";

const ZListFuelEntries = ZListPage.extend({
  assetId: z.number().int().positive().optional(),
  from: z.date().optional(),
  to: z.date().optional(),
});

export async function listFuelEntries(input: z.input<typeof ZListFuelEntries> & { scope?: AssetScope }): Promise<FuelEntryPage> {
  const { accountId, assetId, from, to, cursor, limit } = parseInput(ZListFuelEntries, input);
  const rows = await db().fuelEntry.findMany({
    where: {
      accountId,
      ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)),
      ...(assetId !== undefined ? { assetId } : {}),
      ...(from || to ? { filledAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
      ...afterCursor("filledAt", cursor),
    },
    orderBy: [{ filledAt: "desc" }, { id: "desc" }],
    select: fuelSelect,
    take: limit + 1,
  });
  return datedPage(rows, limit, (row) => row.filledAt, toFuelEntryDto);
}
