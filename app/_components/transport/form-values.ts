// Reading the transport forms: text as typed (the server's parsers read days, times and dates, and answer with
// errors per field), a choice from a list as an id or null, and, for edits, only the fields that changed, so saving
// a record an import filled oddly never trips over a field nobody touched.

/** the trimmed text of an input; "" when empty */
export function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? "").trim();
}

/** a select of ids: null for the "none" option ("") */
export function formChoice(form: FormData, name: string): number | null {
  const value = formText(form, name);
  return value === "" ? null : Number(value);
}

/** the fields of `next` whose value differs from `initial` */
export function changedFields<T extends Record<string, unknown>>(next: T, initial: Partial<Record<keyof T, unknown>>): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== initial[key])) as Partial<T>;
}
