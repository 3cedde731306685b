// 6-digit access codes sent by e-mail (email_code and authorized_only links). A code lasts ACCESS_CODE.ttlMs and
// allows ACCESS_CODE.maxAttempts tries; asking again replaces it. Stored as an HMAC keyed from AUTH_SECRET (six
// digits are a million guesses from a plain hash) and compared in constant time.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
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
  const expiresAt = new Date(now + ACCESS_CODE.ttlMs);
  await db().$transaction([
    db().trackingAccessCode.deleteMany({ where: { linkId, email } }),
    db().trackingAccessCode.create({ data: { linkId, email, codeHash: codeHash(linkId, email, code), expiresAt } }),
  ]);
  return { code, expiresAt };
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
  if (!current || current.expiresAt.getTime() <= now || current.attempts >= ACCESS_CODE.maxAttempts) throw expired();
  const counted = await db().trackingAccessCode.updateMany({
    where: { id: current.id, consumedAt: null, attempts: { lt: ACCESS_CODE.maxAttempts } },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count !== 1) throw expired();
  const given = Buffer.from(codeHash(linkId, email, code.trim()));
  const stored = Buffer.from(current.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    const left = ACCESS_CODE.maxAttempts - current.attempts - 1;
    if (left <= 0) throw expired();
    throw new AppError("ACCESS_CODE_INVALID", `That code is not right; ${left} ${left === 1 ? "try" : "tries"} left.`, [
      { field: "access_code", message: "is not the code we sent" },
    ]);
  }
  const used = await db().trackingAccessCode.updateMany({ where: { id: current.id, consumedAt: null }, data: { consumedAt: new Date(now) } });
  if (used.count !== 1) throw expired();
}

function expired(): AppError {
  return new AppError("ACCESS_CODE_EXPIRED", "That code has expired or was used up; ask for a new one.", [
    { field: "access_code", message: "has expired; ask for a new code" },
  ]);
}
