// POST /oauth/token (spec "Authentication"): the client credentials grant, form-encoded only, with client
// authentication in the body or by HTTP Basic (RFC 6749 2.3.1), never both. The body is capped at 8 KiB before it is
// read (413). Rate-limited per IP, then per IP and client_id, before any secret is checked: the per-IP bucket comes
// first so rotating client ids (each unknown one still costs an argon2 verify against the dummy hash) buys nothing.
// Errors carry {error, error_description, message}; success is never cached.
import { isAppError } from "../errors";
import { issueAccessToken } from "../modules/oauth/issue-access-token";
import { OAuthError } from "../modules/oauth/oauth-error";
import { jsonResponse } from "./api-response";
import { KIB, readBodyText } from "./read-body";
import { RateLimitedError } from "../security/rate-limited-error";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { clientAddressKey } from "./client-address-key";
import { clientIp } from "./request-input";
import { runApiRequest } from "./run-api-request";
import type { Logger } from "pino";

export const TOKEN_RATE_LIMIT: RateLimit = { name: "oauth-token", points: 30, duration: 60 };
/** every token request of one address, whatever client it names */
export const TOKEN_IP_RATE_LIMIT: RateLimit = { name: "oauth-token-ip", points: 60, duration: 60 };
export const TOKEN_MAX_BODY_BYTES = 8 * KIB;
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

const limiter = rateLimiter(TOKEN_RATE_LIMIT);
const ipLimiter = rateLimiter(TOKEN_IP_RATE_LIMIT);

export async function tokenEndpoint(request: Request): Promise<Response> {
  let basicUsed = false;
  return runApiRequest(
    request,
    async () => {
      const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/x-www-form-urlencoded") {
        throw new OAuthError("invalid_request", "The token request must be form-encoded (application/x-www-form-urlencoded).");
      }
      const text = await readBodyText(request, TOKEN_MAX_BODY_BYTES);
      const form = new URLSearchParams(text);
      for (const name of new Set(form.keys())) {
        if (form.getAll(name).length > 1) throw new OAuthError("invalid_request", `Parameter ${name} is repeated.`);
      }

      const grantType = form.get("grant_type");
      if (!grantType) throw new OAuthError("invalid_request", "Missing parameter: grant_type.");
      if (grantType !== "client_credentials") {
        throw new OAuthError("unsupported_grant_type", "Only grant_type=client_credentials is supported.");
      }

      const basic = basicCredentials(request);
      basicUsed = basic !== null;
      if (basic && (form.has("client_id") || form.has("client_secret"))) {
        throw new OAuthError("invalid_request", "Use one client authentication method: HTTP Basic or the request body.");
      }
      if (basic === "malformed") throw new OAuthError("invalid_client", "Malformed HTTP Basic credentials.");
      const clientId = basic ? basic.clientId : form.get("client_id");
      const clientSecret = basic ? basic.clientSecret : form.get("client_secret");
      if (!clientId) throw new OAuthError("invalid_request", "Missing parameter: client_id.");
      if (!clientSecret) throw new OAuthError("invalid_request", "Missing parameter: client_secret.");

      const ip = clientAddressKey(clientIp(request));
      await ipLimiter.consume(ip);
      await limiter.consume(`${ip}|${clientId}`);
      const token = await issueAccessToken({ clientId, clientSecret, scope: form.get("scope") });
      return jsonResponse(token, { status: 200, headers: NO_STORE });
    },
    (error, logger) => oauthErrorResponse(error, logger, basicUsed),
  );
}

function oauthErrorResponse(error: unknown, logger: Logger, basicUsed: boolean): Response {
  let oauth: OAuthError;
  const headers: Record<string, string> = { ...NO_STORE };
  if (isAppError(error) && error.code === "PAYLOAD_TOO_LARGE") {
    return jsonResponse(
      { error: "invalid_request", error_description: error.message, message: error.message },
      { status: 413, headers },
    );
  }
  if (error instanceof OAuthError) {
    oauth = error;
  } else if (error instanceof RateLimitedError) {
    oauth = new OAuthError("rate_limited", "Too many token requests. Try again later.");
    headers["retry-after"] = String(error.retryAfterSeconds);
  } else {
    logger.error({ err: error }, "token request failed");
    oauth = new OAuthError("server_error", "Internal server error.");
  }
  if (oauth.error === "invalid_client" && basicUsed) headers["www-authenticate"] = 'Basic realm="fleetline"';
  return jsonResponse(
    { error: oauth.error, error_description: oauth.message, message: oauth.message },
    { status: oauth.status, headers },
  );
}

/** HTTP Basic client credentials; each part is form-urlencoded inside the header (RFC 6749 2.3.1). */
function basicCredentials(request: Request): { clientId: string; clientSecret: string } | "malformed" | null {
  const header = request.headers.get("authorization");
  if (!header || !/^basic\s/i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return "malformed";
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return "malformed";
  }
}
