// One page of an account's fuel entries, newest first (filled_at, then id), optionally of one asset and a date range
// [from, to), each with its consumption figures. An unknown asset id matches nothing (an empty page).
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { ZListPage } from "../paging";
import { afterCursor, datedPage } from "../odometer-entries/dated-cursor";
import { fuelSelect, toFuelEntryDto, type FuelEntryPage } from "./fuel-entries.schema";

const ZListFuelEntries = ZListPage.extend({
  assetId: z.number().int().positive().optional(),
  from: z.date().optional(),
  to: z.date().optional(),
});

export async function listFuelEntries(input: z.input<typeof ZListFuelEntries>): Promise<FuelEntryPage> {
  const { accountId, assetId, from, to, cursor, limit } = parseInput(ZListFuelEntries, input);
  const rows = await db().fuelEntry.findMany({
    where: {
      accountId,
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
