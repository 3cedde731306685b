// Account keys appear in every REST path (/api/{account_key}/...) and dashboard address (/a/{account_key}/...),
// so they are lowercase URL-safe slugs, and never a word those routers already use for something else.
import { randomId } from "../../security/random";

/** Path segments that sit where an account key would (/api/v1, /api/public, /api/openapi.json, ...). */
export const RESERVED_ACCOUNT_KEYS: ReadonlySet<string> = new Set([
  "a",
  "admin",
  "api",
  "app",
  "assets",
  "auth",
  "broadcasting",
  "docs",
  "healthz",
  "imports",
  "new",
  "oauth",
  "openapi",
  "openapi.json",
  "public",
  "settings",
  "socket.io",
  "static",
  "track",
  "trpc",
  "user",
  "v1",
  "v2",
  "_next",
]);

/** Length of the random suffix: 36^5 = 60 million keys per slug, so collisions are rare and retried. */
export const ACCOUNT_KEY_SUFFIX_LENGTH = 5;
const MAX_SLUG_LENGTH = 40;

/** "Müller & Söhne GmbH" -> "muller-sohne-gmbh"; "" when nothing URL-safe is left. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // combining accents left by NFKD
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
}

/** A fresh candidate key for an account name: slug + "-" + 5 random characters; never a reserved word. */
export function newAccountKey(name: string): string {
  const slug = slugify(name) || "account";
  for (;;) {
    const key = `${slug}-${randomId(ACCOUNT_KEY_SUFFIX_LENGTH)}`;
    if (!RESERVED_ACCOUNT_KEYS.has(key)) return key;
  }
}

/** Shape of a key (for early refusal of junk in paths); existence is checked by the lookups. */
export const ACCOUNT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
