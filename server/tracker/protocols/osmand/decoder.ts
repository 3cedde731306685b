// Decodes one OsmAnd HTTP request into a device id and its positions. Pure: the caller passes the receive time,
// the query, the content type and the body; no clock, database or socket. The JSON form is chosen by its content
// type (as the apps send it); otherwise the fields come from the URL's query, or from the form body when the
// query is empty (POST with application/x-www-form-urlencoded, or a bare body).
import { decodeJson } from "./json-decoder";
import type { OsmandDecodeResult, OsmandRequest } from "./messages";
import { decodeFields } from "./query-decoder";

export function decodeRequest(request: OsmandRequest): OsmandDecodeResult {
  const body = typeof request.body === "string" ? request.body : request.body.toString("utf8");
  const contentType = (request.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType === "application/json") return decodeJson(body, request.receivedAt);
  const query = request.query.startsWith("?") ? request.query.slice(1) : request.query;
  const fields = new URLSearchParams(query);
  if ([...fields.keys()].length > 0) return decodeFields(fields, request.receivedAt);
  if (body.trim() === "") return { ok: false, reason: "no fields: send id, lat, lon and timestamp in the query or a form body" };
  return decodeFields(new URLSearchParams(body.trim()), request.receivedAt);
}
