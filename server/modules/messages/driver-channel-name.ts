// The driver's private channel name and event (docs/messaging.md "Live"), apart from its authoriser so the driver
// page's browser code can import them without the server's database code.
export const DRIVER_CHANNEL_PREFIX = "private-driver.";
/** sent with a MessageDto whenever one of the driver's messages is written or its status moves */
export const DRIVER_MESSAGE_EVENT = "message.changed";

export function driverChannel(driverId: number): string {
  return DRIVER_CHANNEL_PREFIX + driverId;
}
