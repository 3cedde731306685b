// The wrapper for calls that take either kind of REST credential, both sent as `Authorization: Bearer`: an API key
// (`flk_…`, as the other /public-tracking calls: the key's member must be an admin, fleet manager or office staff)
// or an OAuth token carrying `scope` (least privilege for an outside consumer such as a journey planner, whose
// client can hold that one scope where an API key would act with all of its member's powers). The key's shape picks
// the wrapper; each keeps its own 401, 403, 404 and rate limits. Token callers act on the whole account
// (`accountWide`: a group-limited member's client is refused).
import type { Scope } from "../modules/oauth/scopes";
import type { RateLimit } from "../security/rate-limit";
import { bearerToken } from "./request-input";
import type { BaseContext, HandlerResult, RouteHandler, RouteParams } from "./route-types";
import { withApiAuth } from "./with-api-auth";
import { withApiKey } from "./with-api-key";

export interface ApiKeyOrTokenOptions {
  /** the scope an OAuth token must carry */
  scope: Scope;
  /** per-key and per-client request budget; default: each wrapper's own */
  rateLimit?: RateLimit;
}

export interface ApiKeyOrTokenContext<P extends RouteParams> extends BaseContext<P> {
  account: { id: number; key: string };
}

export function withApiKeyOrToken<P extends RouteParams = RouteParams>(
  options: ApiKeyOrTokenOptions,
  handler: (context: ApiKeyOrTokenContext<P>) => Promise<HandlerResult>,
): RouteHandler<P> {
  const byKey = withApiKey<P>({ rateLimit: options.rateLimit }, ({ request, params, requestId, log, account }) =>
    handler({ request, params, requestId, log, account: { id: account.id, key: account.key } }),
  );
  const byToken = withApiAuth<P>({ scope: options.scope, accountWide: true, rateLimit: options.rateLimit }, ({ request, params, requestId, log, account }) =>
    handler({ request, params, requestId, log, account: { id: account.id, key: account.key } }),
  );
  // API keys are `flk_<key id>_<secret>` (api-keys.schema.ts); OAuth tokens are JWTs, which never start so
  const looksLikeKey = (request: Request) => (bearerToken(request) ?? "").startsWith("flk_");
  return (request, context) => (looksLikeKey(request) ? byKey : byToken)(request, context);
}
