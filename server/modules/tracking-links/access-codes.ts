// 6-digit access codes sent by e-mail (email_code and authorized_only links). A code lasts ACCESS_CODE.ttlMs and
// allows ACCESS_CODE.maxAttempts tries; asking again replaces it. Stored as an HMAC keyed from AUTH_SECRET (six
// digits are a million guesses from a plain hash) and compared in constant time.
//
// An authorised-only link's unlisted address gets a decoy: a row like any other whose hash no code matches, never
// mailed. Its tries are counted, it expires and is replaced as a real code is, so every answer to a code for an
// unlisted address is the one a listed address with a wrong code gets (the list cannot be probed).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { derivedKey } from "../../security/derived-key";

export const ACCESS_CODE = {
  digits: 6,
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
} as const;

const PURPOSE = "fleetline/tracking-access-code/v1";

function codeHash(linkId: number, email: string, code: string): string {
  return createHmac("sha256", derivedKey(PURPOSE)).update(`${linkId}:${email}:${code}`).digest("hex");
}

/** a new code for the address on the link (earlier ones stop working); the caller sends it */
export async function createAccessCode(linkId: number, email: string, now = Date.now()): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 10 ** ACCESS_CODE.digits)).padStart(ACCESS_CODE.digits, "0");
  const expiresAt = await storeCode(linkId, email, codeHash(linkId, email, code), now);
  return { code, expiresAt };
}

/**
 * A decoy in place of a code, for an address that may not view the link: the same row, tries and expiry, but a hash
 * of the HMAC's length that starts with a letter no hex digest has, so no code ever matches it. Nothing is sent.
 */
export async function createDecoyAccessCode(linkId: number, email: string, now = Date.now()): Promise<void> {
  await storeCode(linkId, email, `x${randomBytes(32).toString("hex").slice(1)}`, now);
}

async function storeCode(linkId: number, email: string, hash: string, now: number): Promise<Date> {
  const expiresAt = new Date(now + ACCESS_CODE.ttlMs);
  await db().$transaction([
    db().trackingAccessCode.deleteMany({ where: { linkId, email } }),
    db().trackingAccessCode.create({ data: { linkId, email, codeHash: hash, expiresAt } }),
  ]);
  return expiresAt;
}

/**
 * Checks a code and uses it up. Each try counts before the comparison (so parallel guesses cannot exceed the
 * allowance); a wrong code is ACCESS_CODE_INVALID with the tries left, an old, used-up or missing one is
 * ACCESS_CODE_EXPIRED.
 */
export async function consumeAccessCode(linkId: number, email: string, code: string, now = Date.now()): Promise<void> {
  const current = await db().trackingAccessCode.findFirst({
    where: { linkId, email, consumedAt: null },
    orderBy: { id: "desc" },
    select: { id: true, codeHash: true, attempts: true, expiresAt: true },
  });
  if (!current || current.expiresAt.getTime() <= now || current.attempts >= ACCESS_CODE.maxAttempts) throw accessCodeExpired();
  const counted = await db().trackingAccessCode.updateMany({
    where: { id: current.id, consumedAt: null, attempts: { lt: ACCESS_CODE.maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count !== 1) throw accessCodeExpired();
  const given = Buffer.from(codeHash(linkId, email, code.trim()));
  const stored = Buffer.from(current.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    const left = ACCESS_CODE.maxAttempts - current.attempts - 1;
    if (left <= 0) throw accessCodeExpired();
    throw new AppError("ACCESS_CODE_INVALID", `That code is not right; ${left} ${left === 1 ? "try" : "tries"} left.`, [
      { field: "access_code", message: "is not the code we sent" },
    ]);
  }
  const used = await db().trackingAccessCode.updateMany({ where: { id: current.id, consumedAt: null }, data: { consumedAt: new Date(now) } });
  if (used.count !== 1) throw accessCodeExpired();
}

export function accessCodeExpired(): AppError {
  return new AppError("ACCESS_CODE_EXPIRED", "That code has expired or was used up; ask for a new one.", [
    { field: "access_code", message: "has expired; ask for a new code" },
  ]);
}
