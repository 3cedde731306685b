// Validates the live stream's access token on every connect (spec "Authentication > Live stream"), with the same
// logic as the REST wrapper (authenticateAccessToken: signature, expiry, client not revoked, account), and checks
// the stream:read scope. Results that needed the database are cached per token (by its signed jti, so no token is
// kept): fresh for a minute, and served for up to five minutes more while the database fails, so a validated client
// reconnects through a short outage. A token never validated is refused while the database is unreachable (fail
// closed), and a bad token is refused, never downgraded.
import { verifyAccessToken } from "../../security/access-token";
import { authenticateAccessToken } from "../oauth/authenticate-access-token";
import type { Clock } from "./clock";
import type { AccountEntitlements } from "../accounts/accounts.schema";
import { LOOKUP_TIMEOUT_MS, STALE_WHILE_FAILING_MS, TOKEN_CACHE_FRESH_MS } from "./stream-limits";
import { StreamRefusal, StreamRefusalCode } from "./stream-refusal";
import { withTimeout } from "../../deadlines";
import { StaleTolerantCache } from "./stale-tolerant-cache";

export const STREAM_SCOPE = "stream:read";

export interface StreamIdentity {
  /** row id of the OAuth client (revocation events name it) */
  oauthClientId: number;
  /** public client_id, safe to log */
  clientId: string;
  account: AccountEntitlements & { id: number; key: string };
  /** the groups the client's member is limited to (docs/fleet-records.md "Groups as scopes"); null: the whole fleet */
  limitGroupIds: number[] | null;
}

/** what the database said about a token: who it is, or null when it must be refused */
type Lookup = { identity: StreamIdentity; scopes: string[] } | null;

const MAX_CACHED_TOKENS = 50_000;

export class StreamAuthenticator {
  private readonly cache: StaleTolerantCache<string, Lookup>;

  constructor(
    clock: Clock,
    private readonly lookupTimeoutMs = LOOKUP_TIMEOUT_MS,
  ) {
    this.cache = new StaleTolerantCache({
      freshMs: TOKEN_CACHE_FRESH_MS,
      staleMs: TOKEN_CACHE_FRESH_MS + STALE_WHILE_FAILING_MS,
      clock,
      maxEntries: MAX_CACHED_TOKENS,
    });
  }

  /** Throws StreamRefusal: TOKEN_INVALID, INSUFFICIENT_SCOPE, or SERVICE_UNAVAILABLE (database down, nothing cached). */
  async authenticate(token: string): Promise<StreamIdentity & { stale: boolean }> {
    // signature and expiry need no database: checked on every connect, cached or not
    const claims = await verifyAccessToken(token);
    if (!claims) throw invalid();
    let cached;
    try {
      cached = await this.cache.get(claims.jti, () => withTimeout(lookup(token), this.lookupTimeoutMs, "token lookup"));
    } catch {
      throw new StreamRefusal(
        StreamRefusalCode.SERVICE_UNAVAILABLE,
        "The access token cannot be validated right now; reconnect with backoff.",
      );
    }
    const result = cached.value;
    if (!result || result.identity.account.id !== claims.accountId) throw invalid();
    if (!result.scopes.includes(STREAM_SCOPE)) {
      throw new StreamRefusal(StreamRefusalCode.INSUFFICIENT_SCOPE, `The access token lacks the ${STREAM_SCOPE} scope.`);
    }
    return { ...result.identity, stale: cached.stale };
  }

  /** a client was revoked: its tokens are looked up again (and refused) on their next connect */
  forgetClient(oauthClientId: number): void {
    this.cache.deleteWhere((value) => value === null || value.identity.oauthClientId === oauthClientId);
  }

  /** the account's plan or add-ons may have changed */
  forgetAccount(accountId: number): void {
    this.cache.deleteWhere((value) => value !== null && value.identity.account.id === accountId);
  }
}

async function lookup(token: string): Promise<Lookup> {
  const auth = await authenticateAccessToken(token);
  if (!auth) return null;
  const { plan, addonMobility, addonDriver, id, key } = auth.account;
  return {
    identity: {
      oauthClientId: auth.client.id,
      clientId: auth.client.clientId,
      account: { id, key, plan, addonMobility, addonDriver },
      limitGroupIds: auth.client.limitGroupIds,
    },
    scopes: auth.scopes,
  };
}

function invalid(): StreamRefusal {
  return new StreamRefusal(StreamRefusalCode.TOKEN_INVALID, "The access token is invalid, expired or revoked.");
}
