// Keys derived from AUTH_SECRET by HKDF, one per purpose label, so a key made for one use (channel signatures,
// access-code hashes) can never stand in for another. Cached per secret; tests that change the secret get new keys.
import { hkdfSync } from "node:crypto";
import { authSecret } from "./auth-secret";

const cache = new Map<string, { secret: string; key: Buffer }>();

export function derivedKey(purpose: string): Buffer {
  const secret = authSecret();
  let entry = cache.get(purpose);
  if (entry?.secret !== secret) {
    entry = { secret, key: Buffer.from(hkdfSync("sha256", secret, "fleetline", purpose, 32)) };
    cache.set(purpose, entry);
  }
  return entry.key;
}
