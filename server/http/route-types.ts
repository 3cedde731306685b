// Types shared by the REST wrappers. Next.js route handlers get `(request, { params: Promise<...> })`.
import type { RequestFrame } from "./run-api-request";

export type RouteParams = Record<string, string | string[] | undefined>;

export interface RouteContext<P extends RouteParams> {
  params: Promise<P>;
}

export type RouteHandler<P extends RouteParams> = (request: Request, context: RouteContext<P>) => Promise<Response>;

/** What every wrapper hands its handler, plus what its kind of caller adds. */
export interface BaseContext<P extends RouteParams> extends RequestFrame {
  request: Request;
  params: P;
}

/** A handler returns a Response, or a value sent as a 200 JSON body. */
export type HandlerResult = Response | object;

/** The path parameter that carries the account key on account-scoped routes (app/api/[accountKey]/...). */
export const ACCOUNT_PARAM = "accountKey";

export async function resolveParams<P extends RouteParams>(context: RouteContext<P> | undefined): Promise<P> {
  return ((await context?.params) ?? {}) as P;
}
