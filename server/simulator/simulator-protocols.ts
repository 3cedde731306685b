// The protocols `fleet simulate --protocol` can drive, apart from the clients so the CLI can list them without
// loading any of the simulator.
export const SIMULATOR_PROTOCOLS = ["teltonika", "gt06", "osmand"] as const;
export type SimulatorProtocol = (typeof SIMULATOR_PROTOCOLS)[number];
