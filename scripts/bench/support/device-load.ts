// Load generator for the ingest benchmarks, run as its own process (its sockets and CPU are not the server's):
//   spawned with an IPC channel; the options arrive as the first message (too large for the command line)
// Modes: "flood" (each connection sends its next packet as soon as the last is acknowledged), "paced" (each
// connection sends one packet every `everyMs`), "idle" (log in and stay connected). Prints one JSON line of counts.
import net from "node:net";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../../../server/tracker/protocols/teltonika/avl-encoder";

interface Options {
  host: string;
  port: number;
  imeis: string[];
  mode: "flood" | "paced" | "idle";
  recordsPerPacket: number;
  durationMs: number;
  everyMs?: number;
  /** first fix time; each device's fixes advance by one second per record */
  baseTime: number;
}

const options = await new Promise<Options>((resolve) => process.once("message", (message) => resolve(message as Options)));

function records(start: number, count: number): RecordToEncode[] {
  return Array.from({ length: count }, (_, i) => ({
    timestamp: start + i * 1000,
    priority: 0,
    latitude: 54.6872 + ((start / 1000 + i) % 100) * 1e-5,
    longitude: 25.2797,
    altitude: 110,
    angle: 90,
    satellites: 12,
    speed: 42,
    eventIoId: 0,
    io: { u8: { 239: 1, 240: 1, 21: 4 }, u16: { 66: 13_900, 85: 1_800 }, u32: { 87: 1_000_000 + i } },
  }));
}

const counts = { connected: 0, refused: 0, sentRecords: 0, ackedRecords: 0, errors: 0 };
const reasons: Record<string, number> = {};
const sockets: net.Socket[] = [];
const stopAt = Date.now() + options.durationMs;

async function device(imei: string, index: number): Promise<void> {
  const socket = net.connect({ host: options.host, port: options.port });
  sockets.push(socket);
  socket.setNoDelay(true);
  let buffered = Buffer.alloc(0);
  let waiter: (() => void) | null = null;
  socket.on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiter?.();
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    const reason = `socket ${error.code ?? error.message}`;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  });
  const read = async (n: number) => {
    while (buffered.length < n) {
      if (socket.destroyed) throw new Error("closed");
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 1000);
      });
    }
    const head = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return head;
  };
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(encodeLogin(imei));
  if ((await read(1))[0] !== 1) {
    counts.refused++;
    return;
  }
  counts.connected++;
  if (options.mode === "idle") return;
  let next = options.baseTime;
  // spread paced senders over the period so the load is even
  if (options.mode === "paced") await new Promise((r) => setTimeout(r, ((options.everyMs ?? 1000) * index) / options.imeis.length));
  while (Date.now() < stopAt) {
    const started = Date.now();
    socket.write(encodeTcpPacket8E(records(next, options.recordsPerPacket)));
    counts.sentRecords += options.recordsPerPacket;
    next += options.recordsPerPacket * 1000;
    const ack = await read(4);
    counts.ackedRecords += ack.readUInt32BE(0);
    if (options.mode === "paced") {
      const wait = (options.everyMs ?? 1000) - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }
}

// connect in waves so the listener's backlog is not the thing measured
const pending: Promise<void>[] = [];
for (let i = 0; i < options.imeis.length; i++) {
  pending.push(
    device(options.imeis[i]!, i).catch((error: Error) => {
      counts.errors++;
      const reason = (error as NodeJS.ErrnoException).code ?? error.message;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }),
  );
  if (i % 500 === 499) await new Promise((r) => setTimeout(r, 50));
}
process.send?.({ type: "connected" });
await Promise.all(pending);
if (options.mode === "idle") await new Promise((r) => setTimeout(r, Math.max(0, stopAt - Date.now())));
process.stdout.write(JSON.stringify({ ...counts, reasons }) + "\n");
for (const socket of sockets) socket.destroy();
process.exit(0);
