// Test support: one Fleetline node as its own process, for the multi-node tests (live stream, public tracking). It is
// the real composition (startFleetline: database, hub, socket.io gateway, Pusher-protocol server, tracker listeners)
// without Next.js, which allows only one development server per project folder; the public tracking routes are
// served by their own handlers (public-tracking-routes.ts). Settings come from the environment as for
// server/main.ts; it prints one JSON line when ready and stops gracefully on SIGTERM.
import { env } from "../env";
import { startFleetline } from "../server";
import { servePublicTrackingRoutes } from "./public-tracking-routes";

// Node's default for either is to print and exit 1; this says so in the output a failing test shows
process.on("unhandledRejection", (reason) => {
  process.stderr.write(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
  process.exit(1);
});
const server = await startFleetline(env(), { next: false, fallback: servePublicTrackingRoutes });
process.stdout.write(`${JSON.stringify({ ready: true, port: server.port, teltonikaPort: server.trackers.tcpPort })}\n`);
process.once("SIGTERM", () => {
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      // the exit code says that the stop failed; this says why (tests show a node's output when it fails)
      process.stderr.write(`stop failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
});
