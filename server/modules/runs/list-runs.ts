// A route's runs around today, in the account's time zone: upcoming (today on, soonest first) or past (latest
// first), paged by date (a route has one run per date, so the date is the cursor).
import { AppError } from "../../errors";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { routeNotFound } from "../routes/routes.schema";
import { formatLocalDate, parseLocalDate, zonedParts } from "../time/zoned-time";
import { type ListRunsInput, type RunDto, runSelect, toRunDto, ZListRuns } from "./runs.schema";

const encodeCursor = (date: string) => Buffer.from(date).toString("base64url");

function decodeCursor(cursor: string): string {
  const date = Buffer.from(cursor, "base64url").toString("utf8");
  if (parseLocalDate(date) === null || encodeCursor(date) !== cursor) {
    throw new AppError("VALIDATION_FAILED", "cursor: not a cursor from this list", [{ field: "cursor", message: "not a cursor from this list" }]);
  }
  return date;
}

export async function listRuns(
  input: ListRunsInput,
  now = Date.now(),
): Promise<{ data: RunDto[]; next_cursor: string | null; today: string }> {
  const { accountId, routeId, period, cursor, limit } = parseInput(ZListRuns, input);
  const prisma = db();
  const route = await prisma.route.findFirst({ where: { id: routeId, accountId }, select: { account: { select: { timeZone: true } } } });
  if (!route) throw routeNotFound(routeId);
  const today = formatLocalDate(zonedParts(now, route.account.timeZone));
  const after = cursor ? decodeCursor(cursor) : null;
  const upcoming = period === "upcoming";
  const rows = await prisma.run.findMany({
    where: {
      routeId,
      date: upcoming ? { gte: today, ...(after && { gt: after }) } : { lt: after ?? today },
    },
    select: runSelect,
    orderBy: { date: upcoming ? "asc" : "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return { data: page.map(toRunDto), next_cursor: rows.length > limit ? encodeCursor(page.at(-1)!.date) : null, today };
}
