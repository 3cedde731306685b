// The dashboard API: one router per area, mounted at /api/trpc (app/api/trpc/[trpc]/route.ts).
import { createCallerFactory, createTrpcRouter } from "./trpc";
import { accountsRouter } from "./routers/accounts";
import { alertsRouter } from "./routers/alerts";
import { apiAccessRouter } from "./routers/api-access";
import { assetsRouter } from "./routers/assets";
import { devicesRouter } from "./routers/devices";
import { geofencesRouter } from "./routers/geofences";
import { positionsRouter } from "./routers/positions";
import { trackingLinksRouter } from "./routers/tracking-links";
import { usersRouter } from "./routers/users";

export const appRouter = createTrpcRouter({
  accounts: accountsRouter,
  assets: assetsRouter,
  users: usersRouter,
  apiAccess: apiAccessRouter,
  positions: positionsRouter,
  devices: devicesRouter,
  alerts: alertsRouter,
  geofences: geofencesRouter,
  trackingLinks: trackingLinksRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls without HTTP (tests, server components): `createCaller({ userId })`. */
export const createCaller = createCallerFactory(appRouter);
