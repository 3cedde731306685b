// The public tracking REST API as the passenger page calls it (spec, Endpoints: public tracking): link info, verify
// and the vehicle's location; and ours: the day's run of a route-based link, a passenger's opt-out and approach
// alert. Every call resolves, never throws: an answer the page can act on (its status, the server's code and message,
// Retry-After), or status 0 when the server could not be reached.
import type { ApproachAlertDto, OptOutResult } from "@/server/modules/passengers/passengers.schema";
import type { PublicRun } from "@/server/modules/routes/routes.schema";
import type {
  CodeSentResponse,
  PublicLocation,
  PublicStop,
  TrackingLinkInfo,
  ViewerSessionResponse,
} from "@/server/modules/tracking-links/tracking-links.schema";

export type ApiAnswer<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** 0: no answer (offline, server down) */
      status: number;
      /** the server's error code (LINK_INACTIVE, ACCESS_CODE_INVALID, RATE_LIMITED, ...), when it sent one */
      code: string | null;
      /** the server's own words for the problem (the first field's, for input it could not read) */
      message: string;
      /** 429: seconds to wait, from Retry-After */
      retryAfterS: number | null;
    };

interface ErrorBody {
  message?: string;
  code?: string;
  errors?: Array<{ field: string; message: string }>;
}

const OFFLINE_MESSAGE = "The server cannot be reached. Check your connection.";

export async function call<T>(path: string, init: { method: "GET" | "POST" | "PUT"; body?: unknown; token?: string }): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers["x-session-token"] = init.token;
  let response: Response;
  let body: unknown = null;
  try {
    response = await fetch(path, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
    });
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    return { ok: false, status: 0, code: null, message: OFFLINE_MESSAGE, retryAfterS: null };
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const error = (body ?? {}) as ErrorBody;
  const retryAfter = Number(response.headers.get("retry-after"));
  // input it could not read says only "The given data was invalid." at the top: the field's words say what is wrong;
  // other refusals (a wrong code, an expired one) say it best in their own message
  const fieldMessage = error.code === "VALIDATION_FAILED" ? error.errors?.[0]?.message : undefined;
  return {
    ok: false,
    status: response.status,
    code: error.code ?? null,
    message: fieldMessage ? sentence(fieldMessage) : (error.message ?? `The server answered ${response.status}.`),
    retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}

/** field errors are worded to follow the field's name ("must be an e-mail address"): a sentence on their own */
function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export const base = (uuid: string) => `/api/public/tracking/${encodeURIComponent(uuid)}`;

export async function fetchLinkInfo(uuid: string): Promise<ApiAnswer<TrackingLinkInfo>> {
  const answer = await call<{ data: TrackingLinkInfo }>(`${base(uuid)}/info`, { method: "GET" });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}

/** 200: a session; 202: a code was e-mailed (email_code, authorized_only) */
export function verifyViewer(
  uuid: string,
  body: { email?: string; access_code?: string },
): Promise<ApiAnswer<ViewerSessionResponse | CodeSentResponse>> {
  return call(`${base(uuid)}/verify`, { method: "POST", body });
}

/** the vehicle's location (null until it reported) and, on a route-based link, its stop (ours; undefined on others) */
export async function fetchLocation(uuid: string, token: string): Promise<ApiAnswer<{ location: PublicLocation | null; stop?: PublicStop | null }>> {
  const answer = await call<{ data: { location: PublicLocation | null; stop?: PublicStop | null } }>(`${base(uuid)}/location`, { method: "GET", token });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}

/** the day's run of a route-based link (null: no run today, or a link that follows a vehicle) */
export async function fetchRun(uuid: string, token: string): Promise<ApiAnswer<PublicRun | null>> {
  const answer = await call<{ data: { run: PublicRun | null } }>(`${base(uuid)}/run`, { method: "GET", token });
  return answer.ok ? { ...answer, data: answer.data.data.run } : answer;
}

/** stops messages to the passenger whose own link this is */
export async function stopMessages(uuid: string, token: string): Promise<ApiAnswer<OptOutResult>> {
  const answer = await call<{ data: OptOutResult }>(`${base(uuid)}/opt-out`, { method: "POST", token });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}

/** the passenger's "alert me before the bus arrives" setting */
export async function readApproachAlert(uuid: string, token: string): Promise<ApiAnswer<ApproachAlertDto>> {
  const answer = await call<{ data: ApproachAlertDto }>(`${base(uuid)}/approach-alert`, { method: "GET", token });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}

/** turns the alert on (`minutes` before the bus reaches the stop), changes it, or turns it off (null) */
export async function setApproachAlert(uuid: string, token: string, minutes: number | null): Promise<ApiAnswer<ApproachAlertDto>> {
  const answer = await call<{ data: ApproachAlertDto }>(`${base(uuid)}/approach-alert`, { method: "PUT", token, body: { minutes } });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}
