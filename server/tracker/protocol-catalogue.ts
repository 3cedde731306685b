// The domain's protocol port (modules/protocol-port.ts) answered from the protocol registry: naming stored
// raw IO, describing published IO names, whether a protocol carries commands. It lives in the tracker so that the
// neutral record (record.ts), which the domain reads, no longer imports the registry and through it every protocol.
import type { ProtocolCatalogue } from "../modules/protocol-port";
import type { IoDescription, NamedIoValue, RawIoValue } from "./record";
import { ioDictionary, protocolHasCommands, PROTOCOLS } from "./protocols/registry";

/** stored raw IO named by its protocol's dictionary (a protocol no longer known: raw ids as `io<id>` names) */
export function namedIoOf(protocol: string, rawIo: Record<string, RawIoValue>): Record<string, NamedIoValue> {
  const dictionary = ioDictionary(protocol);
  if (dictionary) return dictionary.name(rawIo);
  const out: Record<string, NamedIoValue> = {};
  for (const [id, value] of Object.entries(rawIo)) out[`io${id}`] = value;
  return out;
}

/** unit and group of a published IO name: from the reporting protocol when given (a level's scale and the element's
 *  id are its own), else from the first protocol that knows it (names mean the same everywhere) */
export function describeIo(name: string, reportedBy?: string): IoDescription | null {
  const own = reportedBy ? ioDictionary(reportedBy)?.describe(name) : null;
  if (own) return own;
  for (const protocol of PROTOCOLS) {
    const description = protocol.io.describe(name);
    if (description) return description;
  }
  return null;
}

export const registryCatalogue: ProtocolCatalogue = {
  namedIo: namedIoOf,
  describeIo,
  carriesCommands: protocolHasCommands,
};
