// Ends every dashboard session of a user, on every node: sessions signed in before now are refused from the next
// request on (session-validity.ts). The caller's own session ends too; the dashboard then signs in again.
import { db } from "../../db/client";
import { log } from "../../log";
import { userChannel } from "../notifications/inbox/user-channel-name";
import { closePrivateChannel } from "../private-channels/private-channels";
import { forgetSessionCheck } from "./session-validity";

export async function revokeUserSessions(input: { userId: number; reason: "password_changed" | "password_reset" | "signed_out_everywhere" | "operator" }): Promise<{ revokedAt: Date }> {
  const revokedAt = new Date();
  await db().user.update({ where: { id: input.userId }, data: { sessionsValidAfter: revokedAt } });
  forgetSessionCheck(input.userId);
  // an inbox bell left open keeps no live feed past its session
  await closePrivateChannel(userChannel(input.userId));
  log("users").info({ userId: input.userId, reason: input.reason }, "dashboard sessions revoked");
  return { revokedAt };
}
