import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { type DriverDto, driverSelect, type ListDriversInput, toDriverDto, ZListDrivers } from "./drivers.schema";

/** One page of the account's drivers in the order they were added; `next_cursor` is null on the last page. */
export async function listDrivers(input: ListDriversInput): Promise<{ data: DriverDto[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListDrivers, input);
  const rows = await db().driver.findMany({
    where: { accountId, ...(cursor && { id: { gt: decodeCursor(cursor) } }) },
    select: driverSelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toDriverDto);
}
