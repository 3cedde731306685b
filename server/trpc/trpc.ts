// The dashboard API's context and procedures in one place (create-t3-app style). Procedures stay thin: parse
// input, call one use case, map the result. Rules live in the use cases; this file only knows who is calling.
//
//   publicProcedure            anyone
//   authedProcedure            a signed-in user (ctx.userId)
//   accountProcedure           + input { accountKey }, resolved through the user's membership (ctx.account, ctx.role)
//   requirePermission("x.y")   + the role must hold permission x.y (server/modules/users/roles.ts)
//
// accountProcedure also carries the assets the member sees (ctx.scope, asset-scope/asset-scope.ts) and answers
// NOT_FOUND (ASSET_NOT_FOUND, ALERT_NOT_FOUND, GROUP_NOT_FOUND) for any procedure whose input names an assetId,
// assetIds, asset_id, alertId or groupId outside them, so per-asset procedures of a group-limited member are scoped here once.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { ERROR_CODES, isAppError, type FieldError } from "../errors";
import { type AssetBoundIds, assertBoundIdsVisible, isLimited } from "../modules/asset-scope/asset-scope";
import { getMembership } from "../modules/users/get-membership";
import { can, canMember } from "../modules/users/roles";

export type Permission = Parameters<typeof can>[1];
export type Role = Parameters<typeof can>[0];

export interface TrpcContext {
  /** the signed-in user, null for anonymous callers */
  userId: number | null;
}

/** Data the client gets with every error: the AppError code and field errors, so forms can show them. */
export interface TrpcErrorData {
  appCode: string | null;
  errors: FieldError[] | null;
}

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const appError = isAppError(cause) ? cause : null;
    let errors: FieldError[] | null = appError?.errors ?? null;
    if (cause instanceof ZodError) {
      errors = cause.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "input", message: issue.message }));
    }
    // Unknown failures keep their details in the log, never in the answer.
    const hidden = error.code === "INTERNAL_SERVER_ERROR" && !appError;
    return {
      ...shape,
      message: hidden ? "Internal server error." : cause instanceof ZodError ? "Some fields are not valid." : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        appCode: appError?.code ?? (cause instanceof ZodError ? "VALIDATION_FAILED" : null),
        errors,
      } satisfies TrpcErrorData & { code: string; httpStatus: number },
    };
  },
});

export const createTrpcRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns an AppError thrown by a use case into the TRPCError its code maps to (errors.ts table). */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isAppError(result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_CODES[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapAppErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.userId === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  return next({ ctx: { userId: ctx.userId } });
});

export const ZAccountKeyInput = z.object({ accountKey: z.string().trim().min(1).max(100) });

/**
 * The caller's membership of `input.accountKey`. Someone who is not a member gets NOT_FOUND (from getMembership),
 * exactly as for a key that does not exist, so keys cannot be probed.
 */
export const accountProcedure = authedProcedure.input(ZAccountKeyInput).use(async ({ ctx, input, next }) => {
  const membership = await getMembership({ userId: ctx.userId, accountKey: input.accountKey });
  return next({ ctx: { account: membership.account, role: membership.role as Role, scope: membership.scope } });
}).use(async ({ ctx, getRawInput, next }) => {
  if (isLimited(ctx.scope)) await assertBoundIdsVisible(ctx.scope, namedBoundIds(await getRawInput()));
  return next();
});

/**
 * The asset-bound ids a procedure's raw input names (assetId, assetIds, asset_id, alertId); the procedure's own
 * schema validates them later, so only well-formed ids are looked at here.
 */
function namedBoundIds(raw: unknown): AssetBoundIds {
  if (typeof raw !== "object" || raw === null) return {};
  const { assetId, assetIds, asset_id: assetIdSnake, alertId, groupId } = raw as Record<string, unknown>;
  const ids = (values: unknown[]) => values.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
  return { assetIds: ids([assetId, assetIdSnake, ...(Array.isArray(assetIds) ? assetIds : [])]), alertIds: ids([alertId]), groupIds: ids([groupId]) };
}

/** accountProcedure for roles that hold `permission`; others get FORBIDDEN (the navigation hides it too). */
export function requirePermission(permission: Permission) {
  return accountProcedure.use(({ ctx, next }) => {
    if (!canMember(ctx.role, isLimited(ctx.scope), permission)) {
      throw new TRPCError({ code: "FORBIDDEN", message: "Your role does not allow this." });
    }
    return next();
  });
}

/**
 * requirePermission for work that acts on the whole account although its permission is an asset one (managing asset
 * groups and tags): a member limited to some groups gets FORBIDDEN, as REST's `accountWide` routes answer.
 */
export function requireWholeFleet(permission: Permission) {
  return requirePermission(permission).use(({ ctx, next }) => {
    if (isLimited(ctx.scope)) throw new TRPCError({ code: "FORBIDDEN", message: "Your access is limited to some groups: this acts on the whole account." });
    return next();
  });
}
