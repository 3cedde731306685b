// The simulator's view of one device's connection, whatever protocol it speaks: send the records a vehicle logged
// and resolve once the server took them (acknowledged, answered or, for GT06 locations the vendor leaves unanswered,
// written), or reject with DeviceRefusedError when the server does not know the device. A link whose server can
// refuse single positions (OsmAnd's 400) skips them and says how many, as they would fail again on every resend.
// FleetSimulator only sees this.
import { TeltonikaDeviceClient, type CommandAnswerer } from "./teltonika-device-client";
import { Gt06DeviceClient } from "./gt06-device-client";
import { OsmandDeviceClient } from "./osmand-device-client";
import type { SimulatorProtocol } from "./simulator-protocols";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

export type { SimulatorProtocol } from "./simulator-protocols";

/** positions the server refused as malformed (not stored, not to be sent again) and its reason for the last one */
export interface Rejections {
  rejected: number;
  reason: string;
}

export interface DeviceLink {
  send(records: RecordToEncode[]): Promise<void | Rejections>;
  close(): void;
}

/** `answer`: how the device answers the server's commands (Teltonika's Codec 12; the other protocols carry none) */
export function createDeviceLink(protocol: SimulatorProtocol, id: string, host: string, port: number, answer?: CommandAnswerer): DeviceLink {
  if (protocol === "gt06") return new Gt06DeviceClient(id, host, port);
  if (protocol === "osmand") return new OsmandDeviceClient(id, host, port);
  return new TeltonikaDeviceClient(id, host, port, { answer });
}
