// Free text from public viewers (an access request's name and message, a form's message): trimmed, capped, and free
// of control characters, since it reaches e-mails, webhooks and the dashboard. Empty text means "not given" (null).
import { z } from "zod";

// eslint-disable-next-line no-control-regex
/** control characters but tab and line breaks (CR, LF: a textarea's) */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK = /[\r\n]/;

export function viewerText(options: { max: number; multiline?: boolean }) {
  return z
    .string({ error: "must be text" })
    .trim()
    .max(options.max, `must be at most ${options.max} characters`)
    .refine((value) => !CONTROL.test(value), "must not contain control characters")
    .refine((value) => options.multiline || !LINE_BREAK.test(value), "must be one line")
    .nullish()
    .transform((value) => (value == null || value === "" ? null : value.replace(/\r\n?/g, "\n")));
}
