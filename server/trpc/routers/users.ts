// Members of an account and their roles. The last-admin guard and e-mail rules live in the use cases.
import { z } from "zod";
import { changeMemberRole } from "../../modules/users/change-member-role";
import { addPerson, resendWelcome } from "../../modules/users/add-person";
import { listSentInvitations, withdrawInvitation } from "../../modules/users/account-invitations";
import { listMembers } from "../../modules/users/list-members";
import { removeMember } from "../../modules/users/remove-member";
import { setMemberGroups } from "../../modules/users/set-member-groups";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZRole = z.enum(["admin", "fleet_manager", "office_staff", "viewer"]);
const ZUserId = z.object({ userId: z.number().int().positive() });

export const usersRouter = createTrpcRouter({
  list: requirePermission("users.manage").query(({ ctx }) => listMembers({ accountId: ctx.account.id })),

  /**
   * A new e-mail creates the user, with this password or, without one, a welcome e-mail to choose it; a known e-mail
   * gets an invitation they accept in the dashboard (password and name unchanged, nothing about them shown until
   * then) and an e-mail saying so. `mailed` tells whether that e-mail went out.
   */
  create: requirePermission("users.manage")
    .input(z.object({ email: z.string().max(320), name: z.string().max(200), password: z.string().max(1000).optional(), role: ZRole }))
    .mutation(async ({ ctx, input: { accountKey: _key, ...fields } }) => {
      const { id, invited, mailed } = await addPerson({ accountId: ctx.account.id, addedByUserId: ctx.userId, ...fields });
      return invited ? { invited: true as const, mailed } : { invited: false as const, id: id!, mailed };
    }),

  /** A new welcome e-mail for a member who has not chosen their password yet. */
  resendWelcome: requirePermission("users.manage")
    .input(ZUserId)
    .mutation(({ ctx, input }) => resendWelcome({ accountId: ctx.account.id, userId: input.userId, addedByUserId: ctx.userId })),

  /** Pending invitations of this account, by e-mail address. */
  invitations: requirePermission("users.manage").query(({ ctx }) => listSentInvitations({ accountId: ctx.account.id })),

  withdrawInvitation: requirePermission("users.manage")
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await withdrawInvitation({ accountId: ctx.account.id, id: input.id });
      return { ok: true as const };
    }),

  changeRole: requirePermission("users.manage")
    .input(ZUserId.extend({ role: ZRole }))
    .mutation(async ({ ctx, input }) => {
      await changeMemberRole({ accountId: ctx.account.id, userId: input.userId, role: input.role });
      return { ok: true as const };
    }),

  /** limits a member to some groups (with their subgroups), or lifts the limit (null); admins cannot be limited */
  setGroups: requirePermission("users.manage")
    .input(ZUserId.extend({ groupIds: z.array(z.number().int().positive()).nullable() }))
    .mutation(({ ctx, input }) => setMemberGroups({ accountId: ctx.account.id, userId: input.userId, groupIds: input.groupIds })),

  remove: requirePermission("users.manage")
    .input(ZUserId)
    .mutation(async ({ ctx, input }) => {
      await removeMember({ accountId: ctx.account.id, userId: input.userId });
      return { ok: true as const };
    }),
});
