// Test fixtures for the REST layer: accounts with members, OAuth clients with tokens, API keys, Request builders
// and a caller of route handlers. Rows are written straight through Prisma so these tests depend only on the code under test.
import type { Role } from "../generated/prisma/client";
import { db } from "../db/client";
import { createApiKey } from "../modules/api-keys/create-api-key";
import { createOAuthClient } from "../modules/oauth/create-oauth-client";
import { issueAccessToken } from "../modules/oauth/issue-access-token";
import type { Scope } from "../modules/oauth/scopes";
import { randomId } from "../security/random";

export async function makeAccount(name = "Acme") {
  const key = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomId(5)}`;
  const account = await db().account.create({ data: { key, name }, select: { id: true, key: true, name: true } });
  const admin = await makeMember(account.id, "admin", `${name} Admin`);
  return { ...account, adminId: admin.id };
}

export async function makeMember(accountId: number, role: Role, name = `Member ${role}`) {
  return db().user.create({
    data: {
      email: `${randomId(10)}@example.test`,
      name,
      passwordHash: null,
      memberships: { create: { accountId, role } },
    },
    select: { id: true, name: true, email: true },
  });
}

export async function makeClient(accountId: number, scopes?: Scope[]) {
  return createOAuthClient({ accountId, scopes });
}

export async function makeToken(accountId: number, options: { scopes?: Scope[]; scope?: string } = {}) {
  const client = await makeClient(accountId, options.scopes);
  const token = await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret, scope: options.scope });
  return { ...client, token: token.access_token };
}

export async function makeApiKey(accountId: number, role: Role) {
  const user = await makeMember(accountId, role);
  const { id, apiKey } = await createApiKey({ accountId, userId: user.id });
  return { id, apiKey, userId: user.id };
}

export async function makeAsset(accountId: number, name: string, imei?: string) {
  return db().asset.create({
    data: { accountId, name, tracker: imei ? { create: { accountId, imei } } : undefined },
    select: { id: true },
  });
}

/** assets made one after the other, so that their ids ascend in this order */
export async function makeAssets(accountId: number, names: string[]) {
  const assets = [];
  for (const name of names) assets.push(await makeAsset(accountId, name));
  return assets;
}

/** A GET with `Authorization: Bearer <token>` (when given). */
export function getRequest(path: string, token?: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://fleetline.test${path}`, {
    headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

/** The second argument Next.js passes to a route handler. */
export function routeContext<P extends Record<string, string>>(params: P) {
  return { params: Promise.resolve(params) };
}

/** A route handler as Next.js calls it, whatever its params. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** What a route handler answered: status, headers and the JSON body (null when empty). */
export interface RouteAnswer {
  status: number;
  headers: Headers;
  body: any; // JSON.parse's result, as the tests read into it freely
}

/**
 * Calls a route handler as Next.js would: `Accept: application/json`, `Authorization: Bearer <token>` when given,
 * and `body` as JSON (a string is sent as it is, for malformed-JSON cases). Also answers the raw text.
 */
export async function callRouteWithText(
  handler: RouteHandler,
  method: string,
  path: string,
  params: Record<string, string>,
  token?: string,
  body?: unknown,
): Promise<RouteAnswer & { text: string }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await handler(new Request(`http://fleetline.test${path}`, { method, headers, body: payload }), routeContext(params));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

/** callRouteWithText without the raw text, for tests that compare whole answers */
export async function callRoute(...args: Parameters<typeof callRouteWithText>): Promise<RouteAnswer> {
  const { status, headers, body } = await callRouteWithText(...args);
  return { status, headers, body };
}

/** a 422 answer's field errors as "field: message" lines */
export const fieldErrors = (answer: RouteAnswer) =>
  (answer.body.errors as Array<{ field: string; message: string }>).map((e) => `${e.field}: ${e.message}`);
