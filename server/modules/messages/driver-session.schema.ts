// Sessions of the driver phone page. The cookie holds a random token; only its SHA-256 is stored, so a database
// leak does not sign anybody in. A session lasts 30 days from sign-in and ends at once when revoked (sign-out, or
// the account revoking the driver's sessions, e.g. a lost phone).
export const DRIVER_SESSION_COOKIE = "fleetline_driver";
export const DRIVER_SESSION_DAYS = 30;

export interface DriverSessionInfo {
  sessionId: number;
  accountId: number;
  accountKey: string;
  driverId: number;
  driverName: string;
}
