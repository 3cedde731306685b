// Dates in import rows: ISO "YYYY-MM-DD" or day-first "DD/MM/YYYY" (one-digit day and month allowed: "1/9/2026"),
// the two forms the spec names; month-first dates are not accepted because "03/04/2026" would be read both ways.
// A date that does not exist (31/02/2026) is an error. The stored form is "YYYY-MM-DD".
import { parsed, shown, unreadable, type Parsed } from "./parsed";

const FORMS = "YYYY-MM-DD (2026-09-01) or DD/MM/YYYY (01/09/2026)";
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export function parseImportDate(input: unknown, field = "date"): Parsed<string> {
  if (typeof input !== "string" || input.trim() === "") return unreadable(`${field} must be a date: ${FORMS}`);
  const text = input.trim();
  const iso = ISO.exec(text);
  const dayFirst = iso ? null : DAY_FIRST.exec(text);
  if (!iso && !dayFirst) return unreadable(`${field} ${shown(input)} is not a date: ${FORMS}`);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]].map(Number) : [dayFirst![3], dayFirst![2], dayFirst![1]].map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) {
    return unreadable(`${field} ${shown(input)} is not a day of the calendar`);
  }
  return parsed(date.toISOString().slice(0, 10));
}
