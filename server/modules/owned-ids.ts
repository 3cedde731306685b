// The ids a bulk call names (assets to put in a group, drivers to tag, …) must all be the account's own: one unknown
// or foreign id refuses the whole call (422 on the body's field, naming the ids) rather than writing the others, so
// a typo is seen at once and another account's ids are never touched.
import type { Prisma } from "../generated/prisma/client";
import { AppError } from "../errors";

export type OwnedKind = "asset" | "driver";

/** the distinct ids, all of them the account's `kind` rows; VALIDATION_FAILED on `field` otherwise */
export async function checkOwnedIds(
  tx: Pick<Prisma.TransactionClient, "asset" | "driver">,
  kind: OwnedKind,
  accountId: number,
  ids: readonly number[],
  field: string,
): Promise<number[]> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return distinct;
  const where = { accountId, id: { in: distinct } };
  const found = kind === "asset"
    ? await tx.asset.findMany({ where, select: { id: true } })
    : await tx.driver.findMany({ where, select: { id: true } });
  if (found.length === distinct.length) return distinct;
  const known = new Set(found.map((row) => row.id));
  const unknown = distinct.filter((id) => !known.has(id));
  const shown = unknown.slice(0, 20).join(", ") + (unknown.length > 20 ? `, … (${unknown.length} in all)` : "");
  const message = `${unknown.length === 1 ? "is not" : "are not"} ${kind}s of this account: ${shown}`;
  throw new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}
