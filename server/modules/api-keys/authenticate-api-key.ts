// Resolves a presented API key to its account and acting user (with the user's current role there). Malformed,
// unknown, wrong and revoked keys all give null after the same work (argon2 verify against a dummy hash when no row
// matches). Verified on every call: no cache, so revocation and role changes apply at once.
import { db } from "../../db/client";
import type { Role } from "../../generated/prisma/client";
import { log } from "../../log";
import { hashSecret, verifySecret } from "../../security/hashing";
import { randomToken } from "../../security/random";
import { parseApiKey } from "./api-keys.schema";

export interface AuthenticatedApiKey {
  id: number;
  keyId: string;
  userId: number;
  /** the user's role in the key's account now; null when they are no longer a member */
  role: Role | null;
  account: {
    id: number;
    key: string;
    name: string;
    plan: "standard" | "detailed";
    addonMobility: boolean;
    addonDriver: boolean;
  };
}

const TOUCH_INTERVAL_MS = 60_000;
const store = globalThis as unknown as { __fleetlineApiKeyTouched?: Map<string, number> };
const touched = (store.__fleetlineApiKeyTouched ??= new Map());
let dummyHash: Promise<string> | undefined;

export async function authenticateApiKey({ apiKey }: { apiKey: string }): Promise<AuthenticatedApiKey | null> {
  const parsed = parseApiKey(apiKey);
  const row = parsed
    ? await db().apiKey.findUnique({
        where: { keyId: parsed.keyId },
        select: {
          id: true,
          keyId: true,
          userId: true,
          secretHash: true,
          revokedAt: true,
          account: {
            select: { id: true, key: true, name: true, plan: true, addonMobility: true, addonDriver: true },
          },
        },
      })
    : null;
  const valid = await verifySecret(row?.secretHash ?? (await (dummyHash ??= hashSecret(randomToken()))), apiKey);
  if (!row || !valid || row.revokedAt) return null;

  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId: row.userId, accountId: row.account.id } },
    select: { role: true },
  });
  touch(row.id, row.keyId);
  return { id: row.id, keyId: row.keyId, userId: row.userId, role: membership?.role ?? null, account: row.account };
}

function touch(id: number, keyId: string): void {
  const now = Date.now();
  if ((touched.get(keyId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
  touched.set(keyId, now);
  db()
    .apiKey.update({ where: { id }, data: { lastUsedAt: new Date(now) }, select: { id: true } })
    .catch((error: unknown) => log("api-keys").warn({ err: error, apiKeyId: id }, "could not record lastUsedAt"));
}
