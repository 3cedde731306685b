// The ids a bulk call names (assets to put in a group, drivers to tag, …) must all be the account's own: one unknown
// or foreign id refuses the whole call (422 on the body's field, naming the ids) rather than writing the others, so
// a typo is seen at once and another account's ids are never touched.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { AppError } from "../errors";
import { requiredOr } from "./parse-input";

/** ids one body may name (PUT and POST of .../assets, .../drivers): a whole fleet's worth, still one small body */
export const MAX_BODY_IDS = 10_000;
/** ids one DELETE's query may name (it carries no body; addresses stay short) */
export const MAX_QUERY_IDS = 500;

export type IdsField = "asset_ids" | "driver_ids";
const noun = (field: IdsField) => (field === "asset_ids" ? "asset" : "driver");

/** `{asset_ids: [...]}` or `{driver_ids: [...]}`: the rows to set, add or remove */
export function ZIdsBody<F extends IdsField>(field: F) {
  const what = noun(field);
  const ids = z
    .array(z.number({ error: `must be ${what} ids` }).int(`must be ${what} ids`).positive(`must be ${what} ids`), {
      error: requiredOr(`must be a list of ${what} ids`),
    })
    .max(MAX_BODY_IDS, `may name at most ${MAX_BODY_IDS.toLocaleString("en")} ${what}s`);
  return z.object({ [field]: ids } as Record<F, typeof ids>).strict();
}

/** `?asset_ids=1,2,3` (or driver_ids) of a DELETE, which carries no body */
export function ZIdsQuery<F extends IdsField>(field: F) {
  const what = noun(field);
  const message = `must be 1 to ${MAX_QUERY_IDS} ${what} ids separated by commas`;
  const ids = z
    .string({ error: requiredOr(message) })
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${MAX_QUERY_IDS - 1}}$`), message)
    .transform((text) => [...new Set(text.split(",").map(Number))])
    .meta({ description: `${what === "asset" ? "Asset" : "Driver"} ids separated by commas, 1 to ${MAX_QUERY_IDS}.` });
  return z.object({ [field]: ids } as Record<F, typeof ids>);
}

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
  const message = `not ${kind}s of this account: ${shown}`;
  throw new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}
