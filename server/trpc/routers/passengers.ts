// A route's passengers for the dashboard: every member reads them; roles that manage passengers
// (passengers.manage) add, edit, approve or hold back, clear an opt-out, delete, get a passenger's own link to copy
// (made on first need, as send-welcome makes it for the same roles) and give it a new address. Bodies are the use
// cases' inputs, validated there. Welcome messages are not sent from here (send-welcome, docs/passengers.md).
import { z } from "zod";
import { clearPassengerOptOut } from "../../modules/passengers/clear-passenger-opt-out";
import { createPassenger } from "../../modules/passengers/create-passenger";
import { deletePassenger } from "../../modules/passengers/delete-passenger";
import { ensurePassengerLink } from "../../modules/passengers/ensure-passenger-links";
import { getPassenger } from "../../modules/passengers/get-passenger";
import { listPassengers } from "../../modules/passengers/list-passengers";
import { rotatePassengerLink } from "../../modules/passengers/rotate-passenger-link";
import { updatePassenger } from "../../modules/passengers/update-passenger";
import { accountProcedure, createTrpcRouter, requirePermission } from "../trpc";
import { ZPageInput } from "../../modules/paging";

const ZId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

export const passengersRouter = createTrpcRouter({
  list: accountProcedure
    .input(ZPageInput.extend({ routeId: ZId }))
    .query(({ ctx, input }) => listPassengers({ accountId: ctx.account.id, routeId: input.routeId, cursor: input.cursor, limit: input.limit })),

  get: accountProcedure
    .input(z.object({ passengerId: ZId }))
    .query(({ ctx, input }) => getPassenger({ accountId: ctx.account.id, passengerId: input.passengerId })),

  create: requirePermission("passengers.manage")
    .input(z.object({ routeId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) =>
      createPassenger({ ...input.body, accountId: ctx.account.id, routeId: input.routeId } as Parameters<typeof createPassenger>[0]),
    ),

  update: requirePermission("passengers.manage")
    .input(z.object({ passengerId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) =>
      updatePassenger({ ...input.body, accountId: ctx.account.id, passengerId: input.passengerId } as Parameters<typeof updatePassenger>[0]),
    ),

  clearOptOut: requirePermission("passengers.manage")
    .input(z.object({ passengerId: ZId }))
    .mutation(({ ctx, input }) => clearPassengerOptOut({ accountId: ctx.account.id, passengerId: input.passengerId })),

  /** the passenger's own tracking link (public, on their route), made the first time it is asked for */
  link: requirePermission("passengers.manage")
    .input(z.object({ passengerId: ZId }))
    .mutation(({ ctx, input }) => ensurePassengerLink({ accountId: ctx.account.id, passengerId: input.passengerId })),

  /** a new address for the passenger's link: the old one ends at once for whoever holds it (review N6) */
  rotateLink: requirePermission("passengers.manage")
    .input(z.object({ passengerId: ZId }))
    .mutation(({ ctx, input }) => rotatePassengerLink({ accountId: ctx.account.id, passengerId: input.passengerId })),

  delete: requirePermission("passengers.manage")
    .input(z.object({ passengerId: ZId }))
    .mutation(({ ctx, input }) => deletePassenger({ accountId: ctx.account.id, passengerId: input.passengerId })),
});
