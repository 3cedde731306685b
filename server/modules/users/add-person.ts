// The dashboard's "Add a person" (docs/dashboard.md "Users"): create-user.ts makes the user or the invitation, and
// this tells them by e-mail. A new user added without a password gets a welcome link to choose one (a week); an
// existing Fleetline user invited to one more account gets a note to sign in and accept. The person is added even
// when the mail cannot go out: the answer says so, and "Resend invitation" tries again.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { log } from "../../log";
import { mailer } from "../../mail/mailer";
import { isServiceUserEmail } from "./service-users";
import { createUser } from "./create-user";
import type { Role } from "./roles";
import { accountInvitationMail, welcomeMail } from "./user-link-mails";
import { issueUserLink } from "./user-links";
import type { CreateUserInput } from "./users.schema";

export interface AddPersonResult {
  /** the person already had a Fleetline sign-in and was invited (not yet a member) */
  invited: boolean;
  /** the user id of a new member */
  id: number | null;
  /** whether the welcome or invitation e-mail went out */
  mailed: boolean;
}

export async function addPerson(input: CreateUserInput & { addedByUserId: number }): Promise<AddPersonResult> {
  const { addedByUserId, ...fields } = input;
  const { id, invited } = await createUser(fields);
  const context = await mailContext(fields.accountId, addedByUserId);
  const user = await db().user.findUniqueOrThrow({ where: { id }, select: { email: true, name: true, passwordHash: true } });
  const role = (fields.role ?? "admin") as Role;
  let mailed = false;
  if (invited) {
    mailed = await send(id, () => accountInvitationMail({ to: user.email, accountName: context.accountName, role, invitedBy: context.invitedBy }));
  } else if (user.passwordHash === null) {
    const { token } = await issueUserLink({ userId: id, purpose: "welcome" });
    mailed = await send(id, () => welcomeMail({ to: user.email, token, name: user.name, accountName: context.accountName, role, invitedBy: context.invitedBy }));
  }
  return { invited, id: invited ? null : id, mailed };
}

/** A new welcome link for a member who has not chosen a password yet (the older link stops working). */
export async function resendWelcome(input: { accountId: number; userId: number; addedByUserId: number }): Promise<{ mailed: boolean }> {
  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId: input.userId, accountId: input.accountId } },
    select: { role: true, user: { select: { email: true, name: true, passwordHash: true } } },
  });
  if (!membership) throw new AppError("USER_NOT_FOUND", "That person is not a member of this account.");
  const { user } = membership;
  if (user.passwordHash !== null) throw new AppError("CONFLICT", `${user.name} has already chosen a password; they can use "Forgot password?" on the sign-in page.`);
  if (isServiceUserEmail(user.email)) throw new AppError("CONFLICT", "A service user acts for API clients and never signs in.");
  const context = await mailContext(input.accountId, input.addedByUserId);
  const { token } = await issueUserLink({ userId: input.userId, purpose: "welcome" });
  const mailed = await send(input.userId, () =>
    welcomeMail({ to: user.email, token, name: user.name, accountName: context.accountName, role: membership.role, invitedBy: context.invitedBy }),
  );
  return { mailed };
}

async function mailContext(accountId: number, addedByUserId: number): Promise<{ accountName: string; invitedBy: string | null }> {
  const [account, by] = await Promise.all([
    db().account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } }),
    db().user.findUnique({ where: { id: addedByUserId }, select: { name: true } }),
  ]);
  return { accountName: account.name, invitedBy: by?.name ?? null };
}

async function send(userId: number, message: () => ReturnType<typeof welcomeMail>): Promise<boolean> {
  try {
    await mailer().send(message());
    return true;
  } catch (error) {
    log("users").error({ err: error, userId }, "invitation e-mail failed");
    return false;
  }
}
