// The platform operator's side of the dashboard (users.platform_admin, granted with `fleet user grant-platform-admin`):
// every account's plan and add-ons, changed as `fleet account update` changes them. Anyone else gets FORBIDDEN.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { listAllAccounts } from "../../modules/accounts/list-all-accounts";
import { updateAccountPlan } from "../../modules/accounts/update-account-plan";
import { isPlatformAdmin } from "../../modules/users/is-platform-admin";
import { authedProcedure, createTrpcRouter } from "../trpc";

const platformProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isPlatformAdmin(ctx.userId))) throw new TRPCError({ code: "FORBIDDEN", message: "Only the platform operator may do this." });
  return next();
});

export const platformRouter = createTrpcRouter({
  accounts: platformProcedure.query(() => listAllAccounts()),

  /** plan and add-ons (the set replaces the account's); open streams and evaluators get them at once */
  updatePlan: platformProcedure
    .input(
      z.object({
        accountId: z.number().int().positive(),
        plan: z.string().max(20),
        addons: z.array(z.string().max(20)).max(5),
      }),
    )
    .mutation(({ input }) =>
      // values are checked by the use case (VALIDATION_FAILED with the field)
      updateAccountPlan({
        accountId: input.accountId,
        plan: input.plan as "standard" | "detailed",
        addons: { mobility: input.addons.includes("mobility"), driver: input.addons.includes("driver") },
      }),
    ),
});
