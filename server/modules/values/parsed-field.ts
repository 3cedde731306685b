// An import value parser behind a zod field, so a dashboard form accepts exactly what an import row accepts
// ("Mon-Fri", "7.15", "3:30 pm", "01/09/2026") and a value that cannot be read fails under its field with the
// parser's own reason, which names the value and the forms that are accepted.
import { z } from "zod";
import type { Parsed } from "./parsed";

/** longer than any value a parser reads; a guard against pasted essays */
const MAX_TEXT = 200;

/** text the parser must read; empty text is the parser's to refuse */
export function parsedText<T>(parse: (text: string) => Parsed<T>) {
  return z
    .string({ error: "must be text" })
    .max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`)
    .transform((text, ctx) => {
      const result = parse(text);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.reason });
      return z.NEVER;
    });
}

/** like parsedText, but empty text or null mean "not set" (null) */
export function optionalParsedText<T>(parse: (text: string) => Parsed<T>) {
  return z
    .string({ error: "must be text" })
    .max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`)
    .nullable()
    .transform((text, ctx) => {
      if (text === null || text.trim() === "") return null;
      const result = parse(text);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.reason });
      return z.NEVER;
    });
}
