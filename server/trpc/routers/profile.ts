// The signed-in person's own account security: their password and their sessions. Not account-scoped: a user is one
// person across every account they belong to.
import { z } from "zod";
import { changePassword } from "../../modules/users/change-password";
import { revokeUserSessions } from "../../modules/users/revoke-user-sessions";
import { authedProcedure, createTrpcRouter } from "../trpc";

export const profileRouter = createTrpcRouter({
  /** Ends every session of the user (this one too): the dashboard then goes to the sign-in page. */
  changePassword: authedProcedure
    .input(z.object({ currentPassword: z.string().max(1000), newPassword: z.string().max(1000) }))
    .mutation(async ({ ctx, input }) => {
      await changePassword({ userId: ctx.userId, ...input });
      return { signedOut: true as const };
    }),

  /** Signs the user out on every browser and device, this one included. */
  signOutEverywhere: authedProcedure.mutation(async ({ ctx }) => {
    await revokeUserSessions({ userId: ctx.userId, reason: "signed_out_everywhere" });
    return { signedOut: true as const };
  }),
});
