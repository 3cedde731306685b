// Resolves a presented API key to its account and acting user (with the user's current role there). Malformed keys
// give null at once: the format is public, so refusing it early tells nothing and costs no argon2. Unknown, wrong
// and revoked keys give null after the same work (argon2 verify against a dummy hash when no row matches).
// A key that verified is remembered for a minute (by a SHA-256 of the whole key, never the key itself), so an import
// run does not pay argon2 on every call. The row and the member's role are still read on every call, so revocation
// and role changes apply at once, on every node; a removed member's remembered keys are also dropped (member.changed,
// published by users/member-changes.ts), so nothing of theirs is kept past the removal.
import { createHash } from "node:crypto";
import { db } from "../../db/client";
import type { Role } from "../../generated/prisma/client";
import { processHub } from "../../announce";
import type { Hub } from "../../hub";
import { log } from "../../log";
import { hashSecret, verifySecret } from "../../security/hashing";
import { randomToken } from "../../security/random";
import { parseApiKey } from "./api-keys.schema";
import { entitlementSelect, type AccountEntitlements } from "../accounts/accounts.schema";
import { onMemberChange, type MemberChange } from "../users/member-changes";

export interface AuthenticatedApiKey {
  id: number;
  keyId: string;
  userId: number;
  /** the user's role in the key's account now; null when they are no longer a member */
  role: Role | null;
  account: AccountEntitlements & {
    id: number;
    key: string;
    name: string;
  };
}

const TOUCH_INTERVAL_MS = 60_000;
export const VERIFIED_KEY_TTL_MS = 60_000;
const VERIFIED_KEY_CACHE_SIZE = 10_000;
interface Verified {
  apiKeyId: number;
  accountId: number;
  userId: number;
  until: number;
}
const store = globalThis as unknown as {
  __fleetlineApiKeyTouched?: Map<string, number>;
  __fleetlineApiKeyVerified?: Map<string, Verified>;
  __fleetlineApiKeyHubs?: WeakSet<Hub>;
};
const touched = (store.__fleetlineApiKeyTouched ??= new Map());
/** SHA-256 of a presented key -> the key row it verified against, whose it is, until when */
const verified = (store.__fleetlineApiKeyVerified ??= new Map());
const hubs = (store.__fleetlineApiKeyHubs ??= new WeakSet());
let dummyHash: Promise<string> | undefined;

export async function authenticateApiKey({ apiKey }: { apiKey: string }): Promise<AuthenticatedApiKey | null> {
  const parsed = parseApiKey(apiKey);
  if (!parsed) return null;
  listenForMemberChanges();
  const row = await db().apiKey.findUnique({
    where: { keyId: parsed.keyId },
    select: {
      id: true,
      keyId: true,
      userId: true,
      secretHash: true,
      revokedAt: true,
      account: {
        select: { id: true, key: true, name: true, ...entitlementSelect },
      },
    },
  });
  const digest = createHash("sha256").update(apiKey).digest("base64url");
  const remembered = verified.get(digest);
  const now = Date.now();
  let valid: boolean;
  if (row && !row.revokedAt && remembered && remembered.apiKeyId === row.id && remembered.until > now) {
    valid = true;
  } else {
    verified.delete(digest);
    valid = await verifySecret(row?.secretHash ?? (await (dummyHash ??= hashSecret(randomToken()))), apiKey);
    if (row && valid && !row.revokedAt) remember(digest, { apiKeyId: row.id, accountId: row.account.id, userId: row.userId }, now);
  }
  if (!row || !valid || row.revokedAt) return null;

  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId: row.userId, accountId: row.account.id } },
    select: { role: true },
  });
  touch(row.id, row.keyId);
  return { id: row.id, keyId: row.keyId, userId: row.userId, role: membership?.role ?? null, account: row.account };
}

/** Forgets verified keys of one key row (revocation), or all of them. */
export function forgetVerifiedApiKeys(apiKeyId?: number): void {
  for (const [digest, entry] of verified) if (apiKeyId === undefined || entry.apiKeyId === apiKeyId) verified.delete(digest);
}

function remember(digest: string, key: Omit<Verified, "until">, now: number): void {
  // bounded: the oldest entry goes first (Map keeps insertion order)
  if (verified.size >= VERIFIED_KEY_CACHE_SIZE) verified.delete(verified.keys().next().value!);
  verified.set(digest, { ...key, until: now + VERIFIED_KEY_TTL_MS });
}

/** a removed member's keys are revoked with the membership: forget that they verified */
function forgetMember({ accountId, userId, change }: MemberChange): void {
  if (change !== "removed") return; // the role is read on every call
  for (const [digest, entry] of verified) if (entry.accountId === accountId && entry.userId === userId) verified.delete(digest);
}

/** Listens on first use, so only processes that remember keys listen (one registration per hub and module copy). */
function listenForMemberChanges(): void {
  onMemberChange(forgetMember);
  const current = processHub();
  if (!current || hubs.has(current)) return;
  hubs.add(current);
  current.subscribe("member.changed", forgetMember);
}

function touch(id: number, keyId: string): void {
  const now = Date.now();
  if ((touched.get(keyId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
  touched.set(keyId, now);
  db()
    .apiKey.update({ where: { id }, data: { lastUsedAt: new Date(now) }, select: { id: true } })
    .catch((error: unknown) => log("api-keys").warn({ err: error, apiKeyId: id }, "could not record lastUsedAt"));
}
