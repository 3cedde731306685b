import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { type ListRoutesInput, type RouteDto, routeSelect, toRouteDto, ZListRoutes } from "./routes.schema";

/** One page of the account's routes in the order they were added (an import adds them in its rows' order). */
export async function listRoutes(input: ListRoutesInput): Promise<{ data: RouteDto[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListRoutes, input);
  const rows = await db().route.findMany({
    where: { accountId, ...(cursor && { id: { gt: decodeCursor(cursor) } }) },
    select: routeSelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toRouteDto);
}
