// Password links (docs/dashboard.md "Password links") through their routes and the dashboard's tRPC, on every
// database kind: "Forgot password?" answers alike for known and unknown addresses and mails only the known; a link
// sets the password once, expires, is replaced by a newer one and ends the person's sessions; a new member added
// without a password gets a welcome link, an existing user an invitation note; budgets, bad input and cross-site
// posts are refused with their status codes.
import { describe, expect, it } from "vitest";
import * as forgot from "@/app/sign-in/forgot/request/route";
import * as submit from "@/app/sign-in/set-password/submit/route";
import { db } from "../../db/client";
import { env } from "../../env";
import { readOutbox, type CapturedMail } from "../../testing/mail-capture";
import { routeContext, type RouteHandler } from "../../testing/http-fixtures";
import { callerFor, createFixtureAccount, FIXTURE_PASSWORD, refusal } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { randomId } from "../../security/random";
import { authenticateUser } from "./authenticate-user";
import { createUser } from "./create-user";
import { PASSWORD_RESET_ANSWER, PASSWORD_RESET_EMAIL_RATE_LIMIT, requestPasswordReset } from "./request-password-reset";
import { findUserLink, issueUserLink, USER_LINK_LIFETIME_MS } from "./user-links";

let nextAddress = 1;
/** a client address of its own per call site, so one test's budget never spends another's */
const freshIp = () => `198.51.100.${nextAddress++ % 250}`;

async function post(handler: unknown, path: string, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`http://fleetline.test${path}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", "x-forwarded-for": freshIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await (handler as RouteHandler)(request, routeContext({}));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const askReset = (email: unknown, headers?: Record<string, string>) => post(forgot.POST, "/sign-in/forgot/request", { email }, headers);
const setPassword = (token: string, password: string, headers?: Record<string, string>) =>
  post(submit.POST, "/sign-in/set-password/submit", { token, password }, headers);

async function mailsTo(address: string): Promise<CapturedMail[]> {
  return (await readOutbox(env().DATA_DIR)).filter((mail) => mail.to.includes(address));
}

/** the token in the last link mailed to `address` */
async function lastLinkTo(address: string): Promise<string> {
  const mail = (await mailsTo(address)).at(-1);
  const match = mail?.text.match(/\/sign-in\/set-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no password link mailed to ${address}`);
  return match[1]!;
}

async function member(password: string | undefined = FIXTURE_PASSWORD) {
  const account = await createFixtureAccount();
  const email = `person-${randomId(8)}@example.test`;
  const { id } = await createUser({ accountId: account.id, email, name: "Rūta", password, role: "viewer" });
  return { account, email, id };
}

describe.each(databaseKinds())("password links on %s", (kind) => {
  useTestDatabase(kind);

  it("answers a known and an unknown address alike (202, same words) and mails only the known one", async () => {
    const { email } = await member();
    const unknown = `nobody-${randomId(8)}@example.test`;
    const known = await askReset(email.toUpperCase());
    const stranger = await askReset(unknown);
    expect(known).toEqual({ status: 202, body: { message: PASSWORD_RESET_ANSWER } });
    expect(stranger).toEqual(known);
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Reset your Fleetline password");
    expect(mail!.subject).not.toMatch(/token/);
    expect(mail!.text).toContain(`${env().PUBLIC_URL}/sign-in/set-password?token=`);
    expect(await mailsTo(unknown)).toEqual([]);
    // the database keeps no token, only its hash
    const token = await lastLinkTo(email);
    const rows = await db().userLink.findMany({ where: { user: { email } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.purpose).toBe("password_reset");
  });

  it("sets the new password once, ends the person's sessions, and the old password stops working", async () => {
    const { email, id } = await member();
    const { sent } = await requestPasswordReset({ email, addressKey: freshIp() });
    expect(await sent).toBe(true);
    const token = await lastLinkTo(email);
    // opening the page (a mail scanner) spends nothing
    expect(await findUserLink(token)).toMatchObject({ userId: id, purpose: "password_reset", email });

    const done = await setPassword(token, "a brand new secret");
    expect(done).toEqual({ status: 200, body: { email, purpose: "password_reset" } });
    expect(await authenticateUser({ email, password: "a brand new secret" })).toMatchObject({ id });
    expect(await authenticateUser({ email, password: FIXTURE_PASSWORD })).toBeNull();
    const user = await db().user.findUniqueOrThrow({ where: { id }, select: { sessionsValidAfter: true } });
    expect(user.sessionsValidAfter).not.toBeNull();

    const again = await setPassword(token, "another new secret");
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: "PASSWORD_LINK_NOT_VALID" });
    expect(await authenticateUser({ email, password: "a brand new secret" })).toMatchObject({ id });
  });

  it("two posts of one link at once: exactly one sets its password", async () => {
    const { email, id } = await member();
    const { token } = await issueUserLink({ userId: id, purpose: "password_reset" });
    const answers = await Promise.all([setPassword(token, "first of the two"), setPassword(token, "second of the two")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    const winner = answers[0]!.status === 200 ? "first of the two" : "second of the two";
    expect(await authenticateUser({ email, password: winner })).toMatchObject({ id });
  });

  it("refuses an expired link and a link replaced by a newer one (410), and keeps a link a refused password did not spend", async () => {
    const { email, id } = await member();
    const issued = new Date(Date.now() - USER_LINK_LIFETIME_MS.password_reset - 1000);
    const { token: expired } = await issueUserLink({ userId: id, purpose: "password_reset", now: issued });
    expect((await setPassword(expired, "a brand new secret")).status).toBe(410);

    const { token: older } = await issueUserLink({ userId: id, purpose: "password_reset" });
    const { token: newer } = await issueUserLink({ userId: id, purpose: "password_reset" });
    expect((await setPassword(older, "a brand new secret")).status).toBe(410);

    const short = await setPassword(newer, "short");
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([{ field: "password", message: "must be at least 8 characters" }]);
    expect((await setPassword(newer, "a brand new secret")).status).toBe(200);
    expect(await authenticateUser({ email, password: "a brand new secret" })).toMatchObject({ id });
    expect((await setPassword("not-a-token", "a brand new secret")).status).toBe(410);
  });

  it("refuses bad input (422), cross-site posts (403) and a flood for one address (429, the same for unknown addresses)", async () => {
    const bad = await askReset("not an address");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: "email", message: "must be an e-mail address" }]);
    expect((await askReset(undefined)).status).toBe(422);
    expect((await post(forgot.POST, "/sign-in/forgot/request", "{not json")).status).toBe(422);

    const { email } = await member();
    const foreign = await askReset(email, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const foreignSubmit = await setPassword("x".repeat(43), "a brand new secret", { origin: "https://evil.example" });
    expect(foreignSubmit.status).toBe(403);
    expect(await mailsTo(email)).toEqual([]);

    for (const address of [email, `nobody-${randomId(8)}@example.test`]) {
      for (let i = 0; i < PASSWORD_RESET_EMAIL_RATE_LIMIT.points; i++) expect((await askReset(address)).status).toBe(202);
      const over = await askReset(address);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: "RATE_LIMITED" });
    }
    await expect.poll(async () => (await mailsTo(email)).length).toBe(PASSWORD_RESET_EMAIL_RATE_LIMIT.points);
  });

  it("mails nothing to a service user's address", async () => {
    const { sent } = await requestPasswordReset({ email: "api+x@service.fleetline.invalid", addressKey: freshIp() });
    expect(await sent).toBe(false);
  });

  it("a member added without a password gets a welcome link, chooses a password with it and signs in; Resend replaces the link", async () => {
    const account = await createFixtureAccount("Welcome fleet");
    const admin = callerFor(account.users.admin);
    const email = `new-${randomId(8)}@example.test`;
    const added = await admin.users.create({ accountKey: account.key, email, name: "Jonas", role: "fleet_manager" });
    expect(added).toEqual({ invited: false, id: expect.any(Number), mailed: true });
    const [welcome] = await mailsTo(email);
    expect(welcome!.subject).toBe("You're invited to Welcome fleet on Fleetline");
    expect(welcome!.text).toContain("admin user added you to Welcome fleet on Fleetline as a fleet manager");
    const first = await lastLinkTo(email);
    expect(await findUserLink(first)).toMatchObject({ purpose: "welcome" });
    const listed = (await admin.users.list({ accountKey: account.key })).find((row) => row.email === email);
    expect(listed).toMatchObject({ canSignIn: false, awaitingPassword: true });

    expect(await admin.users.resendWelcome({ accountKey: account.key, userId: added.invited ? 0 : added.id })).toEqual({ mailed: true });
    const second = await lastLinkTo(email);
    expect(second).not.toBe(first);
    expect((await setPassword(first, "my own password")).status).toBe(410);
    expect(await setPassword(second, "my own password")).toEqual({ status: 200, body: { email, purpose: "welcome" } });
    expect(await authenticateUser({ email, password: "my own password" })).toMatchObject({ email });
    expect((await admin.users.list({ accountKey: account.key })).find((row) => row.email === email)).toMatchObject({ canSignIn: true, awaitingPassword: false });

    // now that they have a password, there is no welcome to resend; nor for somebody outside the account
    const resent = await refusal(admin.users.resendWelcome({ accountKey: account.key, userId: added.invited ? 0 : added.id }));
    expect(resent.code).toBe("CONFLICT");
    const outsider = await member(undefined);
    expect((await refusal(admin.users.resendWelcome({ accountKey: account.key, userId: outsider.id }))).code).toBe("NOT_FOUND");
    // only admins manage people
    const manager = callerFor(account.users.fleet_manager);
    expect((await refusal(manager.users.resendWelcome({ accountKey: account.key, userId: outsider.id }))).code).toBe("FORBIDDEN");
  });

  it("an existing Fleetline user is invited with a note to sign in, and an initial password sends no e-mail", async () => {
    const account = await createFixtureAccount("Second fleet");
    const admin = callerFor(account.users.admin);
    const { email } = await member();
    expect(await admin.users.create({ accountKey: account.key, email, name: "ignored", role: "viewer" })).toEqual({ invited: true, mailed: true });
    const [note] = await mailsTo(email);
    expect(note!.text).toContain("invites you to join Second fleet on Fleetline as a viewer");
    expect(note!.text).toContain(`${env().PUBLIC_URL}/sign-in`);
    expect(note!.text).not.toContain("token=");

    const withPassword = `pw-${randomId(8)}@example.test`;
    expect(await admin.users.create({ accountKey: account.key, email: withPassword, name: "Ona", password: "initial secret", role: "viewer" })).toMatchObject({
      invited: false,
      mailed: false,
    });
    expect(await mailsTo(withPassword)).toEqual([]);
  });
});
