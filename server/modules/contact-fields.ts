// Contact details as drivers and passengers carry them, shared so both read them alike: an e-mail address
// (lowercased, as imports and the welcome message compare it) and a phone read like an import reads one
// (values/parse-phone.ts). "" or null mean "none".
import { z } from "zod";
import { optionalText } from "./parse-input";
import { parsePhone } from "./values/parse-phone";
import { optionalParsedText } from "./values/parsed-field";

export const ZContactEmail = optionalText(z.string().max(254, "must be at most 254 characters")).pipe(
  z.email("must be an e-mail address such as name@example.com").nullable().transform((email) => email?.toLowerCase() ?? null),
);

export const ZContactPhone = optionalParsedText((text) => parsePhone(text));
