// The dashboard API: one router per area, mounted at /api/trpc (app/api/trpc/[trpc]/route.ts).
import { createCallerFactory, createTrpcRouter } from "./trpc";
import { accessRequestsRouter } from "./routers/access-requests";
import { accountsRouter } from "./routers/accounts";
import { alertsRouter } from "./routers/alerts";
import { apiAccessRouter } from "./routers/api-access";
import { assetGroupsRouter } from "./routers/asset-groups";
import { assetPhotosRouter } from "./routers/asset-photos";
import { remindersRouter } from "./routers/reminders";
import { assetsRouter } from "./routers/assets";
import { authorisedDriversRouter } from "./routers/authorised-drivers";
import { devicesRouter } from "./routers/devices";
import { formSubmissionsRouter } from "./routers/form-submissions";
import { fleetEntriesRouter } from "./routers/fleet-entries";
import { driversRouter } from "./routers/drivers";
import { geofencesRouter } from "./routers/geofences";
import { importsRouter } from "./routers/imports";
import { messagesRouter } from "./routers/messages";
import { notificationsRouter } from "./routers/notifications";
import { inboxRouter } from "./routers/inbox";
import { passengersRouter } from "./routers/passengers";
import { positionsRouter } from "./routers/positions";
import { routesRouter } from "./routers/routes";
import { runsRouter } from "./routers/runs";
import { tagsRouter } from "./routers/tags";
import { trackingLinksRouter } from "./routers/tracking-links";
import { platformRouter } from "./routers/platform";
import { profileRouter } from "./routers/profile";
import { reportsRouter } from "./routers/reports";
import { usersRouter } from "./routers/users";
import { vehicleControlRouter } from "./routers/vehicle-control";
import { webhooksRouter } from "./routers/webhooks";

export const appRouter = createTrpcRouter({
  accounts: accountsRouter,
  assets: assetsRouter,
  assetGroups: assetGroupsRouter,
  tags: tagsRouter,
  fleetEntries: fleetEntriesRouter,
  assetPhotos: assetPhotosRouter,
  reminders: remindersRouter,
  users: usersRouter,
  profile: profileRouter,
  apiAccess: apiAccessRouter,
  positions: positionsRouter,
  devices: devicesRouter,
  alerts: alertsRouter,
  geofences: geofencesRouter,
  trackingLinks: trackingLinksRouter,
  imports: importsRouter,
  accessRequests: accessRequestsRouter,
  inbox: inboxRouter,
  notifications: notificationsRouter,
  formSubmissions: formSubmissionsRouter,
  // school transport
  drivers: driversRouter,
  messages: messagesRouter,
  routes: routesRouter,
  runs: runsRouter,
  passengers: passengersRouter,
  webhooks: webhooksRouter,
  reports: reportsRouter,
  platform: platformRouter,
  vehicleControl: vehicleControlRouter,
  // vehicle control
  authorisedDrivers: authorisedDriversRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls without HTTP (tests, server components): `createCaller({ userId })`. */
export const createCaller = createCallerFactory(appRouter);
