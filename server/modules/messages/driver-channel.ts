// The driver's private channel `private-driver.{driverId}` on the Pusher-protocol server (docs/messaging.md "Live"):
// registered in server/realtime/pusher/private-channel-authorizers.ts, authorised at /broadcasting/auth by the
// driver page's session cookie, for that driver's own channel only. It carries "message.changed" with a MessageDto
// whenever one of the driver's messages is written or its status moves.
import { driverChannel } from "./driver-channel-name";
import { DRIVER_SESSION_COOKIE } from "./driver-session.schema";
import { findDriverSession } from "./find-driver-session";

/** one cookie's value from a request's Cookie header (null when absent or malformed) */
export function requestCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at <= 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** `private-driver.{id}`: only the signed-in driver's own channel; no driver session is "unauthenticated" (401) */
export async function authorizeDriverChannel(request: Request, channel: string): Promise<boolean | "unauthenticated"> {
  const token = requestCookie(request, DRIVER_SESSION_COOKIE);
  const session = token ? await findDriverSession(token) : null;
  if (!session) return "unauthenticated";
  return channel === driverChannel(session.driverId);
}
