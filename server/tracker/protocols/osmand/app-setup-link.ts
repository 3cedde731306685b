// The link that configures Traccar Client in one scan: an http(s) address whose origin and path become the app's
// server URL and whose `id` parameter becomes its device identifier (the app's QR scanner reads it that way). The
// asset page shows it as a QR code; OsmAnd has no such scanner, so the page shows the two values as text too.
import { DEVICE_ID_RULE, isValidDeviceId } from "./device-id";

export function appSetupLink(serverUrl: string, deviceId: string): string {
  const url = new URL(serverUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`the server URL must be http(s), not ${url.protocol}`);
  if (!isValidDeviceId(deviceId)) throw new Error(`a device id is ${DEVICE_ID_RULE}`);
  url.search = "";
  url.hash = "";
  url.searchParams.set("id", deviceId);
  return url.toString();
}
