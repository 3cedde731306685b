// Accounts: the caller's accounts (switcher), the current account with the caller's role, and its settings.
import { z } from "zod";
import { updateAccountSettings } from "../../modules/accounts/update-account-settings";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../../modules/users/account-invitations";
import { listUserAccounts } from "../../modules/users/list-user-accounts";
import { ROLE_PERMISSIONS, can } from "../../modules/users/roles";
import { accountProcedure, authedProcedure, createTrpcRouter, requirePermission, type Permission } from "../trpc";

const ZText = z.string().max(4096);

export const accountsRouter = createTrpcRouter({
  /** Every account the signed-in user belongs to, with their role there. */
  mine: authedProcedure.query(({ ctx }) => listUserAccounts({ userId: ctx.userId })),

  /** Invitations to other accounts waiting for the signed-in user. */
  invitations: authedProcedure.query(({ ctx }) => listMyInvitations({ userId: ctx.userId })),

  acceptInvitation: authedProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => acceptInvitation({ userId: ctx.userId, id: input.id })),

  declineInvitation: authedProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await declineInvitation({ userId: ctx.userId, id: input.id });
      return { ok: true as const };
    }),

  /** The account of the address and what the caller may do in it (drives the navigation). */
  current: accountProcedure.query(({ ctx }) => ({
    account: ctx.account,
    role: ctx.role,
    permissions: (Object.keys(ROLE_PERMISSIONS) as Permission[]).filter((permission) => can(ctx.role, permission)),
  })),

  /** Name, branding and default contact details; "" or null clears an optional field. */
  updateSettings: requirePermission("account.manage")
    .input(
      z.object({
        name: ZText.optional(),
        brandingLogoUrl: ZText.nullable().optional(),
        brandingPrimaryColor: ZText.nullable().optional(),
        brandingCompanyName: ZText.nullable().optional(),
        contactName: ZText.nullable().optional(),
        contactEmail: ZText.nullable().optional(),
        contactPhone: ZText.nullable().optional(),
        timeZone: ZText.optional(),
        // checked by the use case (whole days within the limits), with a field error
        historyRetentionDays: z.number().nullable().optional(),
      }),
    )
    .mutation(({ ctx, input: { accountKey: _key, ...settings } }) =>
      updateAccountSettings({ accountId: ctx.account.id, ...settings }),
    ),
});
