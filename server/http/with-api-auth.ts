// The wrapper for OAuth bearer callers (the REST API). It authenticates the token (401), binds account-scoped paths
// to the token's account (a foreign or unknown account key is a 404 ACCOUNT_NOT_FOUND, never 403, so keys cannot be
// probed), checks the scope (403 INSUFFICIENT_SCOPE), rate-limits per client, and maps errors. The client acts as
// its member, so it sees the assets the member sees (`scope`, asset-scope/asset-scope.ts): an {assetId}, {alertId},
// {groupId} or {trackerId} path parameter outside a group-limited member's groups is a 404 here, before the handler runs, and
// `accountWide` routes (group and tag management, …) are 403 FORBIDDEN for such a member. Route handlers stay
// one call:
//
//   export const GET = withApiAuth({ scope: "assets:read" }, async ({ account }) => ({ data: await listAssetIds(...) }));
import { AppError } from "../errors";
import { type Scope } from "../modules/oauth/scopes";
import { authenticateAccessToken, type AuthenticatedClient } from "../modules/oauth/authenticate-access-token";
import { unauthenticatedResponse } from "./api-response";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { assertBoundIdsVisible, type AssetScope, isLimited, scopeOfLimit } from "../modules/asset-scope/asset-scope";
import { bearerToken, idParam } from "./request-input";
import { ACCOUNT_PARAM, resolveParams, type BaseContext, type HandlerResult, type RouteHandler, type RouteParams } from "./route-types";
import { runApiRequest, toResponse } from "./run-api-request";

export interface ApiAuthOptions {
  /** the scope the token must carry; none for identity endpoints such as /api/v1/user */
  scope?: Scope;
  /** path parameter holding the account key (default "accountKey" when the route has it); false: no account check */
  accountParam?: string | false;
  /** per-client request budget; false turns it off */
  rateLimit?: RateLimit | false;
  /** the route acts on the whole account: a group-limited member's client is refused (403 FORBIDDEN) */
  accountWide?: boolean;
}

export const DEFAULT_API_RATE_LIMIT: RateLimit = { name: "api-client", points: 600, duration: 60 };

export interface ApiAuthContext<P extends RouteParams> extends BaseContext<P>, Omit<AuthenticatedClient, "claims"> {
  /** the assets the client's member sees */
  scope: AssetScope;
}

export function withApiAuth<P extends RouteParams = RouteParams>(
  options: ApiAuthOptions,
  handler: (context: ApiAuthContext<P>) => Promise<HandlerResult>,
): RouteHandler<P> {
  const limiter = options.rateLimit === false ? null : rateLimiter(options.rateLimit ?? DEFAULT_API_RATE_LIMIT);
  return (request, context) =>
    runApiRequest(request, async (frame) => {
      const token = bearerToken(request);
      const auth = token ? await authenticateAccessToken(token) : null;
      if (!auth) return unauthenticatedResponse("Bearer");
      const log = frame.log.child({ clientId: auth.client.clientId, accountId: auth.account.id });

      const params = await resolveParams(context);
      const param = options.accountParam === undefined ? ACCOUNT_PARAM : options.accountParam;
      if (param && param in params && params[param] !== auth.account.key) {
        throw new AppError("ACCOUNT_NOT_FOUND", "Account not found.");
      }
      if (options.scope && !auth.scopes.includes(options.scope)) {
        throw new AppError("INSUFFICIENT_SCOPE", `This token lacks the ${options.scope} scope.`);
      }
      await limiter?.consume(auth.client.clientId);

      const scope = await scopeOfLimit(auth.account.id, auth.client.limitGroupIds);
      if (isLimited(scope)) {
        if (options.accountWide) throw new AppError("FORBIDDEN", "Your access is limited to some groups: this acts on the whole account.");
        const { assetId, alertId, groupId, trackerId } = params as Record<string, unknown>;
        await assertBoundIdsVisible(scope, {
          assetIds: typeof assetId === "string" ? [idParam(assetId, "ASSET_NOT_FOUND")] : [],
          alertIds: typeof alertId === "string" ? [idParam(alertId, "ALERT_NOT_FOUND")] : [],
          groupIds: typeof groupId === "string" ? [idParam(groupId, "GROUP_NOT_FOUND")] : [],
          trackerIds: typeof trackerId === "string" ? [idParam(trackerId, "TRACKER_NOT_FOUND")] : [],
        });
      }
      const { claims: _claims, ...rest } = auth;
      return toResponse(await handler({ ...frame, log, request, params, scope, ...rest }));
    });
}
