// Every tracker protocol the server speaks. To add one: write server/tracker/protocols/<name>/ with its frame
// splitter, decoder, a `normalize` onto the neutral record (../record.ts), its IO dictionary and a `protocol.ts`
// exporting a StreamProtocol, DatagramProtocol or HttpProtocol (./protocol.ts), then list it in PROTOCOLS below, add
// its port variable to server/env.ts (and README's table, docs/configuration.md), and document it (docs/ingest.md
// "Adding a protocol"). The generic listeners, the pipeline, the domain and the dashboard need no change.
import type { IoDictionary } from "../record";
import { gt06 } from "./gt06/protocol";
import { osmand } from "./osmand/protocol";
import type { TrackerProtocol } from "./protocol";
import { teltonikaTcp, teltonikaUdp } from "./teltonika/protocol";

export const PROTOCOLS: readonly TrackerProtocol[] = [teltonikaTcp, teltonikaUdp, gt06, osmand];

/** the names trackers may record as their protocol */
export const PROTOCOL_NAMES: readonly string[] = [...new Set(PROTOCOLS.map((p) => p.name))];

/** a protocol's IO dictionary by name, or undefined for a name no protocol has */
export function ioDictionary(name: string): IoDictionary | undefined {
  return PROTOCOLS.find((p) => p.name === name)?.io;
}

/** whether the protocol can carry commands to its devices (on any transport) */
export function protocolHasCommands(name: string): boolean {
  return PROTOCOLS.some((p) => p.name === name && p.commands !== null);
}
