// Every registration file of the OpenAPI document. To document a new endpoint: add `paths/<area>.ts` exporting
// `register<Area>Paths(registry)` and list it here (a test fails when a file in paths/ is not listed).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { registerAlertPaths } from "./alerts";
import { registerAssetPaths } from "./assets";
import { registerAuthorisedDriverPaths } from "./authorised-drivers";
import { registerFleetRecordPaths } from "./fleet-records";
import { registerFuelOdometerPaths } from "./fuel-odometer";
import { registerGtfsPaths } from "./gtfs";
import { registerImportPaths } from "./imports";
import { registerMessagePaths } from "./messages";
import { registerOAuthPaths } from "./oauth";
import { registerPassengerLinkPaths } from "./passenger-links";
import { registerPositionPaths } from "./positions";
import { registerPublicTrackingPaths } from "./public-tracking";
import { registerPublicTrackingRequestPaths } from "./public-tracking-requests";
import { registerReminderPaths } from "./reminders";
import { registerReportPaths } from "./reports";
import { registerTrackingLinkPaths } from "./tracking-links";
import { registerUserPaths } from "./users";
import { registerVehicleControlPaths } from "./vehicle-control";
import { registerWebhookPaths } from "./webhooks";

export const PATH_REGISTRATIONS: Record<string, (registry: OpenAPIRegistry) => void> = {
  oauth: registerOAuthPaths,
  assets: registerAssetPaths,
  positions: registerPositionPaths,
  alerts: registerAlertPaths,
  "public-tracking": registerPublicTrackingPaths,
  imports: registerImportPaths,
  "public-tracking-requests": registerPublicTrackingRequestPaths,
  "passenger-links": registerPassengerLinkPaths,
  webhooks: registerWebhookPaths,
  "vehicle-control": registerVehicleControlPaths,
  "authorised-drivers": registerAuthorisedDriverPaths,
  "tracking-links": registerTrackingLinkPaths,
  reports: registerReportPaths,
  messages: registerMessagePaths,
  users: registerUserPaths,
  "fleet-records": registerFleetRecordPaths,
  "fuel-odometer": registerFuelOdometerPaths,
  reminders: registerReminderPaths,
  // the transit feeds (docs/gtfs.md)
  gtfs: registerGtfsPaths,
};
