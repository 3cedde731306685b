// Test support: one Fleetline node as its own process, for the multi-node live-stream tests. It is the real
// composition (startFleetline: database, hub, socket.io gateway, tracker listeners) without Next.js, which the
// stream does not use and which allows only one development server per project folder. Settings come from the
// environment as for server/main.ts; it prints one JSON line when ready and stops gracefully on SIGTERM.
import { env } from "../env";
import { startFleetline } from "../server";

const server = await startFleetline(env(), { next: false });
process.stdout.write(`${JSON.stringify({ ready: true, port: server.port, teltonikaPort: server.trackers.tcpPort })}\n`);
process.once("SIGTERM", () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
