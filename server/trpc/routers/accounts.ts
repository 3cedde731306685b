// Accounts: the signed-in user's invitations to other accounts, and an account's settings. (The account switcher and
// the navigation are rendered on the server from the use cases: app/a/[accountKey]/layout.tsx.)
import { z } from "zod";
import { updateAccountSettings } from "../../modules/accounts/update-account-settings";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../../modules/users/account-invitations";
import { authedProcedure, createTrpcRouter, requirePermission } from "../trpc";

const ZText = z.string().max(4096);

export const accountsRouter = createTrpcRouter({
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

  /** Name, branding, default contact details, history retention and photo locations; "" or null clears an optional field. */
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
        // asset photos served with their EXIF location (default false: stripped)
        photoKeepLocation: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input: { accountKey: _key, ...settings } }) =>
      updateAccountSettings({ accountId: ctx.account.id, ...settings }),
    ),
});
