// Input schemas, key format and DTOs of the API key use cases. A key is `flk_<keyId>_<secret>`: the key id finds the
// row, the whole key is verified against its argon2id hash. The key is shown once and never stored.
import { z } from "zod";

const zId = z.number().int().positive();

export const API_KEY_PREFIX = "flk";
/** keyId: 16 lowercase alphanumerics; secret: 43 base64url characters (32 bytes) */
export const API_KEY_PATTERN = /^flk_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

export const ZCreateApiKey = z.object({
  accountId: zId,
  userId: zId,
  name: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .optional()
    .transform((value) => (value ? value : "API key")),
});
export type CreateApiKeyInput = z.input<typeof ZCreateApiKey>;

export const ZApiKeyItem = z.object({ accountId: zId, id: zId });

export interface ApiKeyDto {
  id: number;
  name: string;
  /** the public part, safe to show: `flk_<keyId>_…` */
  prefix: string;
  user: { id: number; name: string; email: string };
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export function parseApiKey(value: string): { keyId: string } | null {
  const match = API_KEY_PATTERN.exec(value);
  return match ? { keyId: match[1]! } : null;
}
