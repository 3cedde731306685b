// `fleet simulate`: drives simulated vehicles against a running server's tracker port over the chosen protocol
// (Teltonika TCP by default, GT06 TCP, or OsmAnd HTTP as phones send it).
// With --account it first provisions the vehicles (assets with trackers) in that account; without it, the devices
// use IMEIs the server does not know, are refused, and show up as unknown devices ready to provision.
import { defineCommand, EXIT, CliError, text } from "../command";
import { SIMULATOR_PROTOCOLS, type SimulatorProtocol } from "../../simulator/simulator-protocols";

/** how long a run that reached its end waits for answers to packets already sent (a login's refusal, an ack) */
const FINISH_GRACE_MS = 5_000;

function positiveNumber(flags: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new CliError(`--${name} must be a number above 0 and at most ${max}`, EXIT.USAGE);
  }
  return value;
}

export const simulate = defineCommand({
  name: "simulate",
  summary: "Drive simulated vehicles (Teltonika, GT06 or OsmAnd phones) against a running server",
  database: false,
  flags: [
    { name: "vehicles", value: "N", description: "number of vehicles, default 10" },
    { name: "account", value: "KEY", description: "provision the vehicles in this account first (needs the database)" },
    { name: "host", value: "HOST", description: "tracker listener host, default 127.0.0.1" },
    { name: "protocol", value: "PROTOCOL", choices: SIMULATOR_PROTOCOLS, description: "what the devices speak, default teltonika" },
    { name: "port", value: "PORT", description: "tracker listener port, default the protocol's: TELTONIKA_PORT (5027), GT06_PORT (5023), OSMAND_PORT (5055)" },
    { name: "interval", value: "S", description: "seconds between records per vehicle, default 10" },
    { name: "duration", value: "S", description: "stop after this many seconds (default: until Ctrl-C)" },
  ],
  example: "fleet simulate --account acme-logistics-x7k2p --vehicles 20 --interval 5 --duration 600",
  async run({ flags, env, note }) {
    const vehicles = Math.round(positiveNumber(flags, "vehicles", 10, 10_000));
    const intervalS = positiveNumber(flags, "interval", 10, 3600);
    const durationS = flags.duration === undefined ? null : positiveNumber(flags, "duration", 60, 7 * 86_400);
    const protocol = (text(flags, "protocol") ?? "teltonika") as SimulatorProtocol;
    const defaultPort = { teltonika: env.TELTONIKA_PORT || 5027, gt06: env.GT06_PORT || 5023, osmand: env.OSMAND_PORT || 5055 }[protocol];
    const port = Math.round(positiveNumber(flags, "port", defaultPort, 65_535));
    const host = text(flags, "host") ?? "127.0.0.1";
    const accountKey = text(flags, "account");
    const { FleetSimulator, simulatedDeviceId } = await import("../../simulator/fleet-simulator");

    let imeis = Array.from({ length: vehicles }, (_, i) => simulatedDeviceId(protocol, i));
    if (accountKey) {
      const [{ withDatabase }, { provisionSimulatedVehicles }] = await Promise.all([
        import("../database"),
        import("../../simulator/provision-simulated-vehicles"),
      ]);
      imeis = await withDatabase(env, () => provisionSimulatedVehicles({ accountKey, vehicles, protocol }));
      note(`provisioned ${imeis.length} simulated vehicles in ${accountKey}`);
    }

    const started = Date.now();
    const simulator = new FleetSimulator({
      imeis,
      protocol,
      host,
      port,
      intervalMs: intervalS * 1000,
      onRefused: (imei) => note(`refused: ${imei} is not provisioned (see unknown devices in the dashboard)`),
      onRejected: (imei, rejected, reason) => note(`rejected: ${rejected} position(s) of ${imei}, dropped: ${reason}`),
    });
    const progress = setInterval(() => {
      const s = simulator.stats;
      note(`${Math.round((Date.now() - started) / 1000)} s: ${s.records} records in ${s.packets} packets acknowledged, ${s.refused} refused`);
    }, 5000);
    note(`driving ${imeis.length} ${protocol} vehicles against ${host}:${port}, a record every ${intervalS} s${durationS ? ` for ${durationS} s` : " (Ctrl-C stops)"}`);
    simulator.start();
    await new Promise<void>((resolve) => {
      const timer = durationS ? setTimeout(resolve, durationS * 1000) : undefined;
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    clearInterval(progress);
    await simulator.finish(FINISH_GRACE_MS);
    const s = simulator.stats;
    return {
      protocol,
      vehicles: s.vehicles,
      packets: s.packets,
      records: s.records,
      buffered_packets: s.bufferedPackets,
      refused: s.refused,
      rejected: s.rejected,
      duration_s: Math.round((Date.now() - started) / 1000),
    };
  },
});
