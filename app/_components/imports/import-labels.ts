// Words the import page shows for the import service's values.
import type { ImportTarget } from "@/server/modules/imports/imports.schema";

export const TARGET_LABELS: Record<ImportTarget, string> = { routes: "Routes", runs: "Runs", passengers: "Passengers" };

export const TARGET_HINTS: Record<ImportTarget, string> = {
  routes: "One line per stop: lines with the same route number form one route, their stops in sheet order.",
  runs: "One line per day's trip: a route number and a date.",
  passengers: "One line per passenger on a route; pick-up and drop-off stops by name.",
};

export const SOURCE_LABELS: Record<string, string> = { api: "API", upload: "Upload", spreadsheet: "Spreadsheet" };

export const STATUS_TONES = { pending: "amber", done: "green", failed: "red" } as const;

export const STATUS_LABELS = { pending: "In progress", done: "Done", failed: "Failed" } as const;
