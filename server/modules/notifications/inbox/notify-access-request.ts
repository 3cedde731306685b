// A new access request to an authorised-only tracking link: every member who may decide it (links.manage: admins
// and fleet managers) gets an inbox notification linking to the Access requests page. Never throws (the requester's
// answer does not depend on it); a lost notification is logged.
import { db } from "../../../db/client";
import { log } from "../../../log";
import type { Role } from "../../../generated/prisma/client";
import { addInboxNotification } from "./add-inbox-notification";

/** the roles holding links.manage (server/modules/users/roles.ts; not imported: users depends on accounts, which
 * depends on reports, which notify this inbox) */
const DECIDERS: Role[] = ["admin", "fleet_manager"];

export async function notifyAccessRequest(input: {
  accountId: number;
  requestId: number;
  linkName: string;
  email: string;
  name?: string | null;
}): Promise<void> {
  try {
    const [account, deciders] = await Promise.all([
      db().account.findUnique({ where: { id: input.accountId }, select: { key: true } }),
      db().membership.findMany({ where: { accountId: input.accountId, role: { in: DECIDERS } }, select: { userId: true } }),
    ]);
    if (!account) return;
    const who = input.name ? `${input.name} (${input.email})` : input.email;
    for (const { userId } of deciders) {
      await addInboxNotification({
        accountId: input.accountId,
        userId,
        kind: "access_request",
        title: `${who} asks for access`,
        body: `To the tracking link "${input.linkName}".`,
        link: `/a/${account.key}/access-requests`,
        refs: { access_request_id: input.requestId },
      });
    }
  } catch (error) {
    log("inbox").warn({ err: error, requestId: input.requestId }, "access request notifications not added");
  }
}
