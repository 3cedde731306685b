// OsmAnd as the registry sees it: phones (Traccar Client, OsmAnd) uploading over HTTP on OSMAND_PORT, served by
// server/tracker/osmand-http-listener.ts; this folder owns the parsing (decoder.ts) and the mapping onto the neutral
// record (normalize.ts). The apps take no commands: `commands` is null.
import type { HttpProtocol } from "../protocol";
import { osmandIo } from "./normalize";

export const osmand: HttpProtocol = {
  name: "osmand",
  transport: "http",
  defaultPort: 5055,
  portEnv: "OSMAND_PORT",
  commands: null,
  io: osmandIo,
};
