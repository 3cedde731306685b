// Tells the driver's page at once that one of their messages was written or its status moved: "message.changed" on
// `private-driver.{driverId}` over the hub, from whichever node. The row is committed first and a failed publish is
// only logged (announce): the driver page and the dashboard also poll.
import { announce } from "../../announce";
import { driverChannel, DRIVER_MESSAGE_EVENT } from "./driver-channel-name";
import type { MessageDto } from "./messages.schema";

export async function publishMessage(message: MessageDto): Promise<void> {
  await announce("private-channel.message", { channel: driverChannel(message.driver_id), event: DRIVER_MESSAGE_EVENT, data: message });
}
