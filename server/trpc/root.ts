// The dashboard API: one router per area, mounted at /api/trpc (app/api/trpc/[trpc]/route.ts).
import { createCallerFactory, createTrpcRouter } from "./trpc";
import { accountsRouter } from "./routers/accounts";
import { apiAccessRouter } from "./routers/api-access";
import { assetsRouter } from "./routers/assets";
import { devicesRouter } from "./routers/devices";
import { positionsRouter } from "./routers/positions";
import { usersRouter } from "./routers/users";

export const appRouter = createTrpcRouter({
  accounts: accountsRouter,
  assets: assetsRouter,
  users: usersRouter,
  apiAccess: apiAccessRouter,
  positions: positionsRouter,
  devices: devicesRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls without HTTP (tests, server components): `createCaller({ userId })`. */
export const createCaller = createCallerFactory(appRouter);
