// The live stream's handshake parameters (spec "Endpoints > Live stream"): access_token and asset_ids (required),
// style and channels (optional). They are read from the query string, as the spec says; a client may instead put
// them in socket.io's `auth` payload, which keeps the token out of URLs and proxy logs and has no URL length limit.
// Unknown channel names and asset ids that are not integers are dropped silently, like assets of other accounts.
import { MAX_ASSET_IDS } from "./stream-limits";
import { StreamRefusal, StreamRefusalCode } from "./stream-refusal";
import { STREAM_CHANNELS, type StreamChannel } from "./channel-messages";

export interface StreamQuery {
  token: string;
  /** distinct positive integers, in the order asked */
  assetIds: number[];
  /** style=detailed was asked for (it has effect only on a plan with the detailed tier) */
  wantsDetailed: boolean;
  /** always holds location */
  channels: Set<StreamChannel>;
}

type Source = Record<string, unknown>;

function value(query: Source, auth: Source, name: string): unknown {
  const fromQuery = query[name];
  const first = Array.isArray(fromQuery) ? fromQuery[0] : fromQuery; // a repeated parameter: the first one counts
  return first ?? auth[name];
}

function parseToken(raw: unknown): string {
  if (typeof raw !== "string" || raw.trim() === "") {
    throw new StreamRefusal(StreamRefusalCode.TOKEN_MISSING, "access_token is required: pass the bearer token (without the Bearer prefix).");
  }
  return raw.trim().replace(/^Bearer\s+/i, "");
}

/** comma-separated asset ids ("12,15") and channel names ("location, alert") */
const ID_LIST = /^\d+(\s*,\s*\d+)*$/;
const NAME_LIST = /^[\w-]+(\s*,\s*[\w-]*)*$/;

/** a JSON array, or (leniently) a comma-separated list matching `pattern`; null when it is neither */
function parseList(raw: unknown, pattern: RegExp): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "number") return [raw];
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  if (text === "") return [];
  return pattern.test(text) ? text.split(",").map((part) => part.trim()) : null;
}

function parseAssetIds(raw: unknown): number[] {
  const list = raw === undefined ? null : parseList(raw, ID_LIST);
  if (!list) {
    throw new StreamRefusal(StreamRefusalCode.ASSET_IDS_INVALID, "asset_ids is required: a JSON array of integer asset ids, e.g. [12,15].");
  }
  if (list.length > MAX_ASSET_IDS) {
    throw new StreamRefusal(StreamRefusalCode.ASSET_IDS_INVALID, `asset_ids holds more than ${MAX_ASSET_IDS} ids; ask only for the assets needed.`);
  }
  const ids = new Set<number>();
  for (const item of list) {
    const id = typeof item === "number" ? item : typeof item === "string" && /^\d+$/.test(item.trim()) ? Number(item) : NaN;
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

function parseChannels(raw: unknown): Set<StreamChannel> {
  const channels = new Set<StreamChannel>(["location"]);
  for (const item of parseList(raw, NAME_LIST) ?? []) {
    const name = typeof item === "string" ? item.trim() : "";
    if ((STREAM_CHANNELS as readonly string[]).includes(name)) channels.add(name as StreamChannel);
  }
  return channels;
}

/** Throws StreamRefusal (TOKEN_MISSING, ASSET_IDS_INVALID) when a required parameter is missing or malformed. */
export function parseStreamQuery(query: Source, auth: Source = {}): StreamQuery {
  const token = parseToken(value(query, auth, "access_token"));
  const assetIds = parseAssetIds(value(query, auth, "asset_ids"));
  const style = value(query, auth, "style");
  return {
    token,
    assetIds,
    wantsDetailed: typeof style === "string" && style.trim().toLowerCase() === "detailed",
    channels: parseChannels(value(query, auth, "channels")),
  };
}
