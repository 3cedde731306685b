// Cookie-less and cookie pages alike: a write must come from this server's own pages (crossSiteReason), so another
// site's page cannot make a visitor's browser send it (the driver page's calls, the password-link forms).
import { env } from "../env";
import { AppError } from "../errors";
import { crossSiteReason } from "./request-origin";

/** refuses (403) a write another site's page made the browser send */
export function assertSameSite(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const reason = crossSiteReason(request, env());
  if (reason) throw new AppError("FORBIDDEN", `cross-site request refused: ${reason}`);
}
