// What every import value parser answers: the value in its one stored form, or the reason it could not be read.
// The reason goes into the import's `errors` entry as it is, so it names the value and the forms that are accepted.
// Parsers never guess: a value that could mean two things is an error, not the likelier reading.
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const unreadable = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** a value as the caller wrote it, for error messages (quoted, shortened) */
export const shown = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
};
