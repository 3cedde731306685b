import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./webhook-signature";

describe("webhook signature", () => {
  const secret = "whsec_test";
  const body = '{"event":"test_ping","id":"evt_1"}';

  it("is sha256= and the lowercase hex HMAC-SHA256 of the raw body", () => {
    expect(signWebhookBody(secret, body)).toBe(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
    expect(signWebhookBody(secret, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("verifies the body it signed and nothing else", () => {
    const signature = signWebhookBody(secret, body);
    expect(verifyWebhookSignature(secret, body, signature)).toBe(true);
    expect(verifyWebhookSignature(secret, Buffer.from(body), signature)).toBe(true);
    expect(verifyWebhookSignature(secret, body + " ", signature)).toBe(false); // re-serialised JSON is not the raw body
    expect(verifyWebhookSignature("other", body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, body, signature.toUpperCase())).toBe(false);
    expect(verifyWebhookSignature(secret, body, signature.slice(7))).toBe(false);
    expect(verifyWebhookSignature(secret, body, undefined)).toBe(false);
    expect(verifyWebhookSignature(secret, body, "")).toBe(false);
  });
});
