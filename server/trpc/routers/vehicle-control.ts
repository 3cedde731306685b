// Vehicle control in the dashboard: capabilities, commands and their live state, program-number provisioning, and
// the platform's vehicle profiles (docs/vehicle-control.md). Commands are sent in the signed-in user's name.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { db } from "../../db/client";
import { isPlatformAdmin } from "../../modules/users/is-platform-admin";
import type { CommandSender } from "../../modules/vehicle-control/control-commands";
import { REFUSALS } from "../../modules/vehicle-control/control-actions";
import { getControlCapabilities } from "../../modules/vehicle-control/get-control-capabilities";
import { getControlCommand } from "../../modules/vehicle-control/get-control-command";
import { listAssetCommands } from "../../modules/vehicle-control/list-asset-commands";
import { getProvisioning, provisionProgramNumber } from "../../modules/vehicle-control/provision-program-number";
import { sendControlCommand } from "../../modules/vehicle-control/send-control-command";
import { ZControlRequest } from "../../modules/vehicle-control/vehicle-control.schema";
import { deleteVehicleProfile, listVehicleProfiles, saveVehicleProfile, ZVehicleProfileInput } from "../../modules/vehicle-control/vehicle-profiles";
import { authedProcedure, createTrpcRouter, requirePermission } from "../trpc";

/** platform-wide data: only platform admins change it */
const profileEditorProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!(await isPlatformAdmin(ctx.userId))) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Only platform admins change vehicle profiles." });
  }
  return next();
});

const ZAsset = z.object({ assetId: z.number().int().positive() });

async function userSender(userId: number): Promise<CommandSender> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  return { kind: "user", userId, name: user?.name || user?.email || `user ${userId}` };
}

export const vehicleControlRouter = createTrpcRouter({
  capabilities: requirePermission("assets.read")
    .input(ZAsset)
    .query(({ ctx, input }) => getControlCapabilities({ accountId: ctx.account.id, assetId: input.assetId })),

  /** a refusal is an answer (with its words), not an error: the panel explains it */
  send: requirePermission("vehicles.control")
    .input(ZAsset.extend(ZControlRequest.shape))
    .mutation(async ({ ctx, input }) => {
      const result = await sendControlCommand({
        accountId: ctx.account.id,
        assetId: input.assetId,
        action: input.action,
        confirm: input.confirm,
        sender: await userSender(ctx.userId),
      });
      return result.kind === "refused" ? { ...result, message: REFUSALS[result.reason].message } : result;
    }),

  command: requirePermission("assets.read")
    .input(ZAsset.extend({ commandId: z.number().int().positive() }))
    .query(({ ctx, input }) => getControlCommand({ accountId: ctx.account.id, assetId: input.assetId, commandId: input.commandId })),

  commands: requirePermission("assets.read")
    .input(ZAsset)
    .query(({ ctx, input }) => listAssetCommands({ accountId: ctx.account.id, assetId: input.assetId })),

  provisioning: requirePermission("assets.read")
    .input(ZAsset)
    .query(({ ctx, input }) => getProvisioning({ accountId: ctx.account.id, assetId: input.assetId })),

  provision: requirePermission("vehicles.provision")
    .input(ZAsset.extend({ program_number: z.number(), scheme_date: z.string().max(20) }))
    .mutation(async ({ ctx, input }) =>
      provisionProgramNumber({
        accountId: ctx.account.id,
        assetId: input.assetId,
        body: { program_number: input.program_number, scheme_date: input.scheme_date },
        sender: await userSender(ctx.userId),
      }),
    ),

  profiles: authedProcedure.query(() => listVehicleProfiles()),

  saveProfile: profileEditorProcedure.input(ZVehicleProfileInput).mutation(({ input }) => saveVehicleProfile(input)),

  deleteProfile: profileEditorProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(({ input }) => deleteVehicleProfile(input.id)),
});
