// A phone running Traccar Client or OsmAnd, as the simulator drives it: one HTTP request per position over a
// keep-alive connection, alternating GET with the fields in the query (OsmAnd's online tracking) and POST with a
// form body (Traccar Client's older uploads). Fields as the apps send them: id, lat, lon, timestamp (epoch
// seconds), speed in knots, bearing, altitude and the phone's battery. 200 means stored, or that the server does not
// know the device id (it answers both alike so that ids cannot be guessed: docs/osmand.md); 404 is how servers before
// that refused an unknown id; 400 means this position is malformed to the server, so it is skipped and reported
// (sending it again cannot help); anything else is retried with backoff, as the apps keep unsent positions.
import http from "node:http";
import { DeviceRefusedError } from "./device-refused-error";
import type { Rejections } from "./device-link";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

const KMH_PER_KNOT = 1.852;

export class OsmandDeviceClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private closed = false;
  private requests = 0;
  private battery: number;

  constructor(
    readonly deviceId: string,
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs = 15_000,
  ) {
    this.battery = 60 + (deviceId.length * 7) % 40; // some charge to start with; it drains as the phone reports
  }

  async send(records: RecordToEncode[]): Promise<Rejections | undefined> {
    let rejections: Rejections | undefined;
    for (const record of records) {
      const reason = await this.sendOne(record);
      if (reason !== null) rejections = { rejected: (rejections?.rejected ?? 0) + 1, reason };
    }
    return rejections;
  }

  close(): void {
    this.closed = true;
    this.agent.destroy();
  }

  /** resolves with null once stored, or with the server's reason when it refused the position as malformed */
  private async sendOne(record: RecordToEncode): Promise<string | null> {
    const fields = this.fields(record);
    for (let attempt = 0; !this.closed; attempt++) {
      let status: number;
      let body: string;
      try {
        ({ status, body } = await this.request(fields, this.requests++ % 2 === 0 ? "GET" : "POST"));
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt)));
        continue;
      }
      if (status === 200) return null;
      if (status === 404) throw new DeviceRefusedError(this.deviceId);
      if (status === 400) return body.trim() || "400 Bad Request";
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt)));
    }
    throw new Error("device client closed");
  }

  private fields(record: RecordToEncode): URLSearchParams {
    this.battery = Math.max(5, this.battery - 0.02);
    return new URLSearchParams({
      id: this.deviceId,
      lat: String(record.latitude),
      lon: String(record.longitude),
      timestamp: String(Math.floor(record.timestamp / 1000)),
      speed: (record.speed / KMH_PER_KNOT).toFixed(2),
      bearing: String(record.angle),
      altitude: String(record.altitude),
      batt: String(Math.round(this.battery)),
    });
  }

  private request(fields: URLSearchParams, method: "GET" | "POST"): Promise<{ status: number; body: string }> {
    const form = fields.toString();
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path: method === "GET" ? `/?${form}` : "/",
          agent: this.agent,
          timeout: this.timeoutMs,
          headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(form) } : {},
        },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error("no answer")));
      request.on("error", reject);
      request.end(method === "POST" ? form : undefined);
    });
  }
}
