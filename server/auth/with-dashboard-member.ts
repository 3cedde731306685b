// The wrapper for the dashboard's own file routes under /a/{accountKey}/... (photo uploads and images): the caller is
// the signed-in user of the session cookie (401 without one), a member of the account (404 otherwise, as for a key
// that does not exist) whose role holds the permission (403). A request that changes something must come from this
// server's own pages (403 otherwise, as for tRPC: server/http/request-origin.ts). Errors answer in the REST API's shape.
import { getSessionUser, type SessionUser } from "./session";
import { AppError } from "../errors";
import type { Account } from "../modules/accounts/accounts.schema";
import { getMembership } from "../modules/users/get-membership";
import { can, type Permission, type Role } from "../modules/users/roles";
import { env } from "../env";
import { log } from "../log";
import { errorResponse } from "../http/api-response";
import { mapError } from "../http/map-error";
import { crossSiteReason } from "../http/request-origin";

export interface DashboardMemberContext<P> {
  request: Request;
  params: P;
  user: SessionUser;
  account: Account;
  role: Role;
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
      const user = await getSessionUser();
      if (!user) return errorResponse(401, { message: "Sign in first.", code: "UNAUTHENTICATED" });
      const params = await context.params;
      const { account, role } = await getMembership({ userId: user.id, accountKey: params.accountKey });
      if (!can(role, permission)) throw new AppError("FORBIDDEN", "Your role does not allow this.");
      return await handler({ request, params, user, account, role });
    } catch (error) {
      return mapError(error, log("dashboard-files"));
    }
  };
}
