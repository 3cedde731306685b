// Webhook secrets at rest: AES-256-GCM under a key derived from AUTH_SECRET, bound to the account.
import { afterEach, describe, expect, it } from "vitest";
import { authSecret, setAuthSecret } from "../../security/auth-secret";
import { decryptWebhookSecret, encryptWebhookSecret, generateWebhookSecret, WebhookSecretUnreadableError } from "./webhook-secret";

describe("webhook secrets", () => {
  const original = authSecret();
  afterEach(() => setAuthSecret(original));

  it("are whsec_ and 32 random bytes in base64url, different every time", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it("are stored encrypted: the stored form does not contain the secret and opens back to it", () => {
    const secret = generateWebhookSecret();
    const stored = encryptWebhookSecret(secret, 7);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(secret.slice(6));
    expect(stored).not.toContain(Buffer.from(secret).toString("base64url"));
    expect(encryptWebhookSecret(secret, 7)).not.toBe(stored); // a new nonce each time
    expect(decryptWebhookSecret(stored, 7)).toBe(secret);
  });

  it("do not open for another account, when altered, or under another AUTH_SECRET", () => {
    const stored = encryptWebhookSecret("whsec_x", 7);
    expect(() => decryptWebhookSecret(stored, 8)).toThrow(WebhookSecretUnreadableError);
    const [version, iv, tag, ciphertext] = stored.split(".");
    const flipped = (ciphertext!.startsWith("A") ? "B" : "A") + ciphertext!.slice(1); // the first character: all its bits are data
    expect(() => decryptWebhookSecret([version, iv, tag, flipped].join("."), 7)).toThrow(WebhookSecretUnreadableError);
    expect(() => decryptWebhookSecret("whsec_x", 7)).toThrow(WebhookSecretUnreadableError);
    setAuthSecret("another-secret-another-secret-another-secret");
    expect(() => decryptWebhookSecret(stored, 7)).toThrow(WebhookSecretUnreadableError);
  });
});
