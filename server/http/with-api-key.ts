// The wrapper for API key callers (import service, webhooks). The key acts as the member who created it: unknown,
// malformed or revoked keys are 401; an account key in the path that is not the key's account is 404 (never 403, so
// keys cannot be probed); a member whose role is not allowed (default: admin, fleet manager, office staff) is 403.
// Every call is counted per client address before the key is looked at, so a flood of invalid keys is refused with
// 429 instead of costing an argon2 verify each; the per-key budget follows once the key is known.
import { AppError } from "../errors";
import type { Role } from "../generated/prisma/client";
import { authenticateApiKey, type AuthenticatedApiKey } from "../modules/api-keys/authenticate-api-key";
import { unauthenticatedResponse } from "./api-response";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { clientAddressKey } from "./client-address-key";
import { bearerToken, clientIp } from "./request-input";
import { ACCOUNT_PARAM, resolveParams, type BaseContext, type HandlerResult, type RouteHandler, type RouteParams } from "./route-types";
import { runApiRequest, toResponse } from "./run-api-request";

export const API_KEY_ROLES: readonly Role[] = ["admin", "fleet_manager", "office_staff"];

export interface ApiKeyOptions {
  /** roles allowed to act through a key (spec: admin, fleet manager, office staff) */
  roles?: readonly Role[];
  /** path parameter holding the account key (default "accountKey" when the route has it); false: no account check */
  accountParam?: string | false;
  /** per-key request budget; false turns it off */
  rateLimit?: RateLimit | false;
}

export const DEFAULT_API_KEY_RATE_LIMIT: RateLimit = { name: "api-key", points: 600, duration: 60 };
/** every API-key call of one client address, valid key or not */
export const API_KEY_IP_RATE_LIMIT: RateLimit = { name: "api-key-ip", points: 600, duration: 60 };

export interface ApiKeyContext<P extends RouteParams> extends BaseContext<P> {
  apiKey: Pick<AuthenticatedApiKey, "id" | "keyId">;
  account: AuthenticatedApiKey["account"];
  userId: number;
  role: Role;
}

export function withApiKey<P extends RouteParams = RouteParams>(
  options: ApiKeyOptions,
  handler: (context: ApiKeyContext<P>) => Promise<HandlerResult>,
): RouteHandler<P> {
  const roles = options.roles ?? API_KEY_ROLES;
  const limiter = options.rateLimit === false ? null : rateLimiter(options.rateLimit ?? DEFAULT_API_KEY_RATE_LIMIT);
  const ipLimiter = rateLimiter(API_KEY_IP_RATE_LIMIT);
  return (request, context) =>
    runApiRequest(request, async (frame) => {
      await ipLimiter.consume(clientAddressKey(clientIp(request)));
      const presented = bearerToken(request);
      const key = presented ? await authenticateApiKey({ apiKey: presented }) : null;
      if (!key) return unauthenticatedResponse("Bearer");
      const log = frame.log.child({ apiKeyId: key.keyId, accountId: key.account.id });

      const params = await resolveParams(context);
      const param = options.accountParam === undefined ? ACCOUNT_PARAM : options.accountParam;
      if (param && param in params && params[param] !== key.account.key) {
        throw new AppError("ACCOUNT_NOT_FOUND", "Account not found.");
      }
      if (!key.role || !roles.includes(key.role)) {
        throw new AppError("FORBIDDEN", "The API key's user must be an admin, fleet manager or office staff in this account.");
      }
      await limiter?.consume(key.keyId);

      return toResponse(
        await handler({
          ...frame,
          log,
          request,
          params,
          apiKey: { id: key.id, keyId: key.keyId },
          account: key.account,
          userId: key.userId,
          role: key.role,
        }),
      );
    });
}
