// The protocol port: what the domain asks about tracker protocols (how stored raw IO is named, what a published IO
// name's unit is, whether a protocol carries commands), declared here so the domain and the neutral record
// (server/tracker/record.ts) depend on no protocol. server/tracker/protocol-catalogue.ts answers from the protocol
// registry; the server sets it first thing at start-up (server.ts) and the test setup does too. A file of its own
// directly in server/modules/: positions and vehicle control read it, and a module folder would tie them together.
import type { IoDescription, NamedIoValue, RawIoValue } from "../tracker/record";

export interface ProtocolCatalogue {
  /** stored raw IO named by its protocol's dictionary (a protocol no longer known: raw ids as `io<id>` names) */
  namedIo(protocol: string, rawIo: Record<string, RawIoValue>): Record<string, NamedIoValue>;
  /** unit and group of a published IO name (from the reporting protocol when given), or null when no protocol knows it */
  describeIo(name: string, reportedBy?: string): IoDescription | null;
  /** whether a tracker of this protocol can be sent commands (vehicle control says so when it cannot) */
  carriesCommands(protocol: string): boolean;
}

// On globalThis: the custom server and the Next.js bundle load separate copies of this module (stack.md trap 10).
const store = globalThis as unknown as { __fleetlineProtocolCatalogue?: ProtocolCatalogue };

/** the catalogue set at start-up; throws when nothing set it (a bug in the process's start-up, not bad input) */
export function protocolCatalogue(): ProtocolCatalogue {
  const catalogue = store.__fleetlineProtocolCatalogue;
  if (!catalogue) throw new Error("the protocol catalogue is not set: the server sets it at start-up (server.ts)");
  return catalogue;
}

export function setProtocolCatalogue(catalogue: ProtocolCatalogue | undefined): void {
  store.__fleetlineProtocolCatalogue = catalogue;
}
