// The mapping step's first guess: each field gets the header that names it (its own name, its label, then a common
// synonym), compared by headerKey. A header serves one field; exact names are matched before synonyms, so "Start
// time" goes to start_time even when "Start" is a synonym of it too. The person checks and corrects the guess.
import type { ImportTarget } from "../imports.schema";
import { headerKey, sheetFields } from "./sheet-fields";

/** field key -> column header */
export type ColumnMap = Record<string, string>;

export function guessColumnMap(target: ImportTarget, headers: readonly string[]): ColumnMap {
  const fields = sheetFields(target);
  const free = new Map(headers.map((header) => [headerKey(header), header]));
  const map: ColumnMap = {};
  const take = (key: string, candidates: readonly string[]) => {
    if (map[key]) return;
    for (const candidate of candidates) {
      const header = free.get(headerKey(candidate));
      if (header !== undefined) {
        map[key] = header;
        free.delete(headerKey(candidate));
        return;
      }
    }
  };
  for (const field of fields) take(field.key, [field.key, field.label, field.key.replace(/^stops\./, "stop ")]);
  for (const field of fields) take(field.key, field.synonyms);
  return map;
}
