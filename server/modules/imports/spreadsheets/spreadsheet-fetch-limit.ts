// Fetches people start from the dashboard (reading the columns, connecting, "check now") are counted per account,
// so the import page cannot be used to make the server fetch addresses in a loop. The worker's own checks (one per
// source every 30 minutes) are not counted.
import { rateLimiter } from "../../../security/rate-limit";

export const SPREADSHEET_FETCH_LIMIT = { name: "spreadsheet-fetch", points: 20, duration: 60 } as const;

export function countSpreadsheetFetch(accountId: number): Promise<void> {
  return rateLimiter(SPREADSHEET_FETCH_LIMIT).consume(String(accountId));
}
