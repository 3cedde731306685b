// Unknown devices: IMEIs that tried to connect with no tracker provisioned, pre-registering an IMEI to this account,
// and provisioning one into this account. Which unknown devices a caller sees and may provision is decided by the
// platform operator (see list-unknown-devices.ts); within an account, whoever may create assets.
import { z } from "zod";
import { listUnknownDevices } from "../../modules/devices/list-unknown-devices";
import { preRegisterDevice } from "../../modules/devices/pre-register-device";
import { provisionUnknownDevice } from "../../modules/devices/provision-unknown-device";
import { isPlatformAdmin } from "../../modules/users/is-platform-admin";
import { createTrpcRouter, requirePermission } from "../trpc";

export const devicesRouter = createTrpcRouter({
  listUnknown: requirePermission("assets.write").query(async ({ ctx }) =>
    listUnknownDevices({ accountId: ctx.account.id, platformAdmin: await isPlatformAdmin(ctx.userId) }),
  ),

  preRegister: requirePermission("assets.write")
    .input(z.object({ imei: z.string().max(40) }))
    .mutation(({ ctx, input }) => preRegisterDevice({ accountId: ctx.account.id, imei: input.imei })),

  provision: requirePermission("assets.write")
    // an IMEI, or a phone's device id (up to 64 characters)
    .input(
      z.object({
        imei: z.string().max(64),
        name: z.string().max(1000),
        plate: z.string().max(1000).optional(),
        /** a phone's typed device id is adopted only with this opt-in (docs/osmand.md) */
        allowWeakDeviceId: z.boolean().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      provisionUnknownDevice({
        accountId: ctx.account.id,
        imei: input.imei,
        name: input.name,
        plate: input.plate,
        platformAdmin: await isPlatformAdmin(ctx.userId),
        allowWeakDeviceId: input.allowWeakDeviceId,
      }),
    ),
});
