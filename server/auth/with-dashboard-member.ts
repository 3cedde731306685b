// The wrapper for the dashboard's own file routes under /a/{accountKey}/... (photo uploads and images): the caller is
// the signed-in user of the session cookie (401 without one), a member of the account (404 otherwise, as for a key
// that does not exist) whose role holds the permission (403). A request that changes something must come from this
// server's own pages (403 otherwise, as for tRPC: server/http/request-origin.ts). A member limited to some groups
// (docs/fleet-records.md "Groups as scopes") gets 404 ASSET_NOT_FOUND for an {assetId} outside them, as REST and tRPC
// answer. The session is read from the request's own cookie (request-session.ts), so the wrapper needs no Next.js
// request scope and is tested over plain Requests. Errors answer in the REST API's shape.
import { sessionUserIdFromRequest } from "./request-session";
import { AppError } from "../errors";
import type { Account } from "../modules/accounts/accounts.schema";
import { type AssetScope, assertBoundIdsVisible, isLimited } from "../modules/asset-scope/asset-scope";
import { getMembership } from "../modules/users/get-membership";
import { canMember, type Permission, type Role } from "../modules/users/roles";
import { env } from "../env";
import { log } from "../log";
import { errorResponse } from "../http/api-response";
import { mapError } from "../http/map-error";
import { idParam } from "../http/request-input";
import { crossSiteReason } from "../http/request-origin";

export interface DashboardMemberContext<P> {
  request: Request;
  params: P;
  userId: number;
  account: Account;
  role: Role;
  scope: AssetScope;
}

export function withDashboardMember<P extends { accountKey: string }>(
  permission: Permission,
  handler: (context: DashboardMemberContext<P>) => Promise<Response>,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    try {
      if (request.method !== "GET" && request.method !== "HEAD") {
        const crossSite = crossSiteReason(request, env());
        if (crossSite !== null) throw new AppError("FORBIDDEN", crossSite);
      }
      const userId = await sessionUserIdFromRequest(request);
      if (userId === null) return errorResponse(401, { message: "Sign in first.", code: "UNAUTHENTICATED" });
      const params = await context.params;
      const { account, role, scope } = await getMembership({ userId, accountKey: params.accountKey });
      if (!canMember(role, isLimited(scope), permission)) throw new AppError("FORBIDDEN", "Your role does not allow this.");
      const { assetId } = params as Record<string, unknown>;
      if (typeof assetId === "string") await assertBoundIdsVisible(scope, { assetIds: [idParam(assetId, "ASSET_NOT_FOUND")] });
      return await handler({ request, params, userId, account, role, scope });
    } catch (error) {
      return mapError(error, log("dashboard-files"));
    }
  };
}
