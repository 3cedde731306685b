// POST /sign-in/set-password/submit `{token, password}`: a password link's form (docs/dashboard.md "Password links").
// 200 `{email, purpose}` once the password is set; 410 PASSWORD_LINK_NOT_VALID for a used, expired or replaced link;
// 422 with a field error for a password the rules refuse; 429 over the per-client budget; 403 from another site.
import { assertSameSite } from "@/server/http/assert-same-site";
import { readJsonBody } from "@/server/http/request-input";
import { withPublicAccess } from "@/server/http/with-public-access";
import { SET_PASSWORD_RATE_LIMIT, setPasswordByLink } from "@/server/modules/users/set-password-by-link";

export const dynamic = "force-dynamic";

export const POST = withPublicAccess({ rateLimit: SET_PASSWORD_RATE_LIMIT }, async ({ request }) => {
  assertSameSite(request);
  const body = (await readJsonBody(request)) as { token?: unknown; password?: unknown } | null;
  return setPasswordByLink({ token: body?.token, password: body?.password });
});
