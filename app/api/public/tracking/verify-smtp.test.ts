// Access codes through SMTP_URL: the real server configured with a real SMTP server (smtp-server) receives the
// e-mail an email_code link's verify sends, from MAIL_FROM. (The outbox path is in public-tracking-api.test.ts.)
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "@/server/modules/accounts/create-account";
import { createAsset } from "@/server/modules/assets/create-asset";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import { readOutbox, startTestSmtpServer, type TestSmtpServer } from "@/server/testing/mail-capture";
import { startTrackingServer, type TrackingServer } from "@/server/testing/public-tracking-harness";

let smtp: TestSmtpServer;
let server: TrackingServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTrackingServer({ SMTP_URL: smtp.url, MAIL_FROM: "Shuttle Co <rides@shuttle.example.test>" });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

it("sends the 6-digit code of an email_code link through SMTP_URL, and nothing to the outbox", async () => {
  const account = await createAccount({ name: "Shuttle Co" });
  const asset = await createAsset({ accountId: account.id, name: "Shuttle 1" });
  const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, accessMode: "email_code", displayName: "Airport" });
  const answer = await fetch(`${server.url}/api/public/tracking/${link.uuid}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "smtp@example.test" }),
  });
  expect(answer.status).toBe(202);
  const mail = await smtp.waitForMessage({ to: "smtp@example.test" });
  expect(mail).toMatchObject({ from: "rides@shuttle.example.test", to: ["smtp@example.test"] });
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  expect(mail.subject).toBe("Your code for Airport");
  expect(await readOutbox(server.dataDir)).toEqual([]);

  const opened = await fetch(`${server.url}/api/public/tracking/${link.uuid}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "smtp@example.test", access_code: code }),
  });
  expect(opened.status).toBe(200);
});
