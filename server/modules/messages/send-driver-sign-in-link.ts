// Dispatch sends a driver a sign-in link for the phone page, by SMS or e-mail: a random single-use token valid for
// 15 minutes, of which only the SHA-256 is stored. The link itself is never answered or logged: it reaches the
// driver only through their own phone number or address.
import { z } from "zod";
import { db } from "../../db/client";
import { env } from "../../env";
import { AppError } from "../../errors";
import { mailer } from "../../mail/mailer";
import { randomToken, sha256Hex } from "../../security/random";
import { smsProvider } from "../../sms/sms-provider";
import { driverNotFound } from "../drivers/drivers.schema";
import { parseInput } from "../parse-input";

export const SIGN_IN_LINK_MINUTES = 15;

const ZInput = z.object({ accountId: z.number().int().positive(), driverId: z.number().int().positive(), via: z.enum(["sms", "email"]) });

export async function sendDriverSignInLink(input: { accountId: number; driverId: number; via: "sms" | "email"; now?: Date }): Promise<{ via: "sms" | "email"; expires_at: string }> {
  const { accountId, driverId, via } = parseInput(ZInput, input);
  const now = input.now ?? new Date();
  const driver = await db().driver.findFirst({
    where: { id: driverId, accountId },
    select: { id: true, name: true, phone: true, email: true, account: { select: { key: true, name: true } } },
  });
  if (!driver) throw driverNotFound(driverId);
  const to = via === "sms" ? driver.phone : driver.email;
  if (!to || (via === "sms" && !to.startsWith("+"))) {
    throw new AppError("DRIVER_UNREACHABLE", `driver ${driverId} has no ${via === "sms" ? "phone number in international form" : "e-mail address"}`, [
      { field: "via", message: via === "sms" ? "the driver has no phone number in international form" : "the driver has no e-mail address" },
    ]);
  }
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
  await db().driverSignInToken.create({ data: { accountId, driverId, tokenHash: sha256Hex(token), expiresAt, createdAt: now } });
  const link = `${env().PUBLIC_URL}/d/${driver.account.key}#token=${token}`;
  const text = `${driver.account.name}: sign in to your messages (valid ${SIGN_IN_LINK_MINUTES} minutes, once): ${link}`;
  if (via === "sms") await smsProvider().send(to, text);
  else await mailer().send({ to, subject: `${driver.account.name}: your messages`, text: `Hello ${driver.name},\n\n${text}\n` });
  return { via, expires_at: expiresAt.toISOString() };
}
