// The client behind an access token, looked up on every authenticated REST call and stream connect. A short
// in-process cache saves the query; revocation drops the entry here at once and, through the hub's
// credentials.revoked event (credentials.changed for an edit or a rotated secret), in every other process. lastUsedAt is written at most once a minute per client.
// The client acts as a member: it is inactive once that user is no longer a member of the account, and its scopes
// are cut to what the member's current role allows (role-scopes.ts). A role change or the member's removal drops
// their clients' entries at once (so does a change of the groups they are limited to): users publishes member.changed (users/member-changes.ts), heard here in this
// process and through the hub in every other.
import { db } from "../../db/client";
import { announce, processHub } from "../../announce";
import type { Hub, HubEvents } from "../../hub";
import { log } from "../../log";
import { scopesForRole } from "./role-scopes";
import { isScope, type Scope } from "./scopes";
import { entitlementSelect, type AccountEntitlements } from "../accounts/accounts.schema";
import { onMemberChange, type MemberChange } from "../users/member-changes";
import type { Role } from "../users/roles";

export interface ActiveOAuthClient {
  id: number;
  clientId: string;
  name: string;
  userId: number;
  /** the acting member's role now: a route that needs more than a scope says (e.g. provisioning needs an admin) */
  role: Role;
  /** the groups the member is limited to (docs/fleet-records.md "Groups as scopes"); null: the whole fleet */
  limitGroupIds: number[] | null;
  scopes: Scope[];
  /** tokens issued under another version of the secret are refused */
  secretVersion: number;
  account: AccountEntitlements & {
    id: number;
    key: string;
    name: string;
  };
}

const CACHE_TTL_MS = 30_000;
const TOUCH_INTERVAL_MS = 60_000;

interface State {
  cache: Map<string, { client: ActiveOAuthClient | null; expires: number }>;
  touched: Map<string, number>;
  hubs: WeakSet<Hub>;
}

// On globalThis: the custom server and the Next.js bundle load separate copies of this module (stack.md trap 10).
const store = globalThis as unknown as { __fleetlineOAuthClients?: State };
const state = (store.__fleetlineOAuthClients ??= { cache: new Map(), touched: new Map(), hubs: new WeakSet() });

export async function findActiveOAuthClient({ clientId }: { clientId: string }): Promise<ActiveOAuthClient | null> {
  listenForRevocations();
  const now = Date.now();
  const cached = state.cache.get(clientId);
  if (cached && cached.expires > now) return cached.client;

  const row = await db().oAuthClient.findUnique({
    where: { clientId },
    select: {
      id: true,
      clientId: true,
      name: true,
      userId: true,
      scopes: true,
      secretVersion: true,
      revokedAt: true,
      account: {
        select: { id: true, key: true, name: true, ...entitlementSelect },
      },
    },
  });
  const membership =
    row && !row.revokedAt
      ? await db().membership.findUnique({
          where: { userId_accountId: { userId: row.userId, accountId: row.account.id } },
          select: { role: true, groupLimited: true, scopeGroups: { select: { groupId: true } } },
        })
      : null;
  const allowed = scopesForRole(membership?.role);
  const client: ActiveOAuthClient | null =
    row && membership
      ? {
          id: row.id,
          clientId: row.clientId,
          name: row.name,
          userId: row.userId,
          role: membership.role,
          limitGroupIds: membership.groupLimited ? membership.scopeGroups.map((group) => group.groupId) : null,
          scopes: row.scopes.filter(isScope).filter((scope) => allowed.includes(scope)),
          secretVersion: row.secretVersion,
          account: row.account,
        }
      : null;
  state.cache.set(clientId, { client, expires: now + CACHE_TTL_MS });
  return client;
}

/** Records use of the client, at most once a minute per process (never on the request's critical path). */
export function touchOAuthClient({ id, clientId }: { id: number; clientId: string }): void {
  const now = Date.now();
  if ((state.touched.get(clientId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
  state.touched.set(clientId, now);
  db()
    .oAuthClient.update({ where: { id }, data: { lastUsedAt: new Date(now) }, select: { id: true } })
    .catch((error: unknown) => log("oauth").warn({ err: error, oauthClientId: id }, "could not record lastUsedAt"));
}

/** Drops cached lookups: one client_id, or all of them. */
export function forgetOAuthClient(clientId?: string): void {
  if (clientId === undefined) state.cache.clear();
  else state.cache.delete(clientId);
}

export function publishRevocation(event: HubEvents["credentials.revoked"]): Promise<void> {
  return announce("credentials.revoked", event);
}

/** a client's name, scopes or secret changed: every process drops its cached lookup */
export function publishClientChange(event: HubEvents["credentials.changed"]): Promise<void> {
  return announce("credentials.changed", event);
}

/** the member's role changed or they left the account: their clients' lookups are read again */
function forgetMember({ accountId, userId }: MemberChange): void {
  for (const [clientId, entry] of state.cache) {
    if (entry.client && entry.client.userId === userId && entry.client.account.id === accountId) state.cache.delete(clientId);
  }
}

function listenForRevocations(): void {
  // this process's member changes, hub or not (one registration per copy of this module: the same function)
  onMemberChange(forgetMember);
  const current = processHub();
  if (!current || state.hubs.has(current)) return;
  state.hubs.add(current);
  const forget = (event: HubEvents["credentials.revoked"]) => {
    if (event.kind !== "oauth_client") return;
    for (const [clientId, entry] of state.cache) {
      if (!entry.client || entry.client.id === event.id) state.cache.delete(clientId);
    }
  };
  current.subscribe("credentials.revoked", forget);
  current.subscribe("credentials.changed", forget);
  current.subscribe("member.changed", forgetMember);
}

