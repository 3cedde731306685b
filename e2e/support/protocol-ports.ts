// The GT06 and OsmAnd listener ports of the shared e2e server, for specs that drive those devices over real sockets
// (global setup picks free ones and exports them; the Teltonika port has trackerPort() in teltonika-device.ts).
function exported(name: string, what: string): number {
  const port = Number(process.env[name]);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`${name} is not set: e2e/global-setup.ts must start the server with ${what} and export it`);
  }
  return port;
}

export const gt06Port = (): number => exported("FLEETLINE_E2E_GT06_PORT", "a GT06 port");
export const osmandPort = (): number => exported("FLEETLINE_E2E_OSMAND_PORT", "an OsmAnd port");
