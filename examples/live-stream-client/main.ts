// Runs the example client from a terminal and prints one line per new position:
//
//   FLEETLINE_URL=http://localhost:3000 FLEETLINE_TOKEN=eyJ... ASSET_IDS='[1,2,3]' npx tsx examples/live-stream-client/main.ts
//
// Optional: STYLE=detailed, CHANNELS=alert,vehicle_health. Get a token with POST /oauth/token (docs/api.md); keep it
// out of shell history and logs in real use.
import { connectLiveStream } from "./live-stream-client";

const url = process.env.FLEETLINE_URL ?? "http://localhost:3000";
const token = process.env.FLEETLINE_TOKEN;
const assetIds = JSON.parse(process.env.ASSET_IDS ?? "[]") as number[];
if (!token) {
  console.error("Set FLEETLINE_TOKEN to an access token with the stream:read scope.");
  process.exit(2);
}

const client = connectLiveStream({
  url,
  token,
  assetIds,
  style: process.env.STYLE === "detailed" ? "detailed" : undefined,
  channels: process.env.CHANNELS?.split(","),
  onPositions: (frames) => {
    for (const f of frames) console.log(`asset ${f.assetId}  seq ${f.wsSeq}  ${f.latitude.toFixed(5)},${f.longitude.toFixed(5)}  ${f.speed} km/h`);
  },
  onMessage: (event, payload) => console.log(event, JSON.stringify(payload)),
  onStatus: (status, detail) => console.error(`[${status}]`, detail instanceof Error ? detail.message : (detail ?? "")),
});
process.once("SIGINT", () => {
  client.close();
  process.exit(0);
});
