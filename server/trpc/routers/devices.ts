// Unknown devices: IMEIs that tried to connect with no tracker provisioned, and provisioning one into this account.
// The list is platform-wide (see list-unknown-devices.ts); who may provision is whoever may create assets.
import { z } from "zod";
import { listUnknownDevices } from "../../modules/devices/list-unknown-devices";
import { provisionUnknownDevice } from "../../modules/devices/provision-unknown-device";
import { createTrpcRouter, requirePermission } from "../trpc";

export const devicesRouter = createTrpcRouter({
  listUnknown: requirePermission("assets.write").query(() => listUnknownDevices()),

  provision: requirePermission("assets.write")
    .input(z.object({ imei: z.string().max(40), name: z.string().max(1000), plate: z.string().max(1000).optional() }))
    .mutation(({ ctx, input }) =>
      provisionUnknownDevice({ accountId: ctx.account.id, imei: input.imei, name: input.name, plate: input.plate }),
    ),
});
