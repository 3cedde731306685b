// Every registration file of the OpenAPI document. To document a new endpoint: add `paths/<area>.ts` exporting
// `register<Area>Paths(registry)` and list it here (a test fails when a file in paths/ is not listed).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { registerAlertPaths } from "./alerts";
import { registerAssetPaths } from "./assets";
import { registerOAuthPaths } from "./oauth";
import { registerPositionPaths } from "./positions";
import { registerPublicTrackingPaths } from "./public-tracking";

export const PATH_REGISTRATIONS: Record<string, (registry: OpenAPIRegistry) => void> = {
  oauth: registerOAuthPaths,
  assets: registerAssetPaths,
  positions: registerPositionPaths,
  alerts: registerAlertPaths,
  "public-tracking": registerPublicTrackingPaths,
};
