// POST /sign-in/forgot/request `{email}`: "Forgot password?" (docs/dashboard.md "Password links"). 202 with the same
// words for every well-formed address; 422 for one that is not an address; 429 over the per-client or per-address
// budget; 403 from another site's page.
import { assertSameSite } from "@/server/http/assert-same-site";
import { jsonResponse } from "@/server/http/api-response";
import { readJsonBody } from "@/server/http/request-input";
import { withPublicAccess } from "@/server/http/with-public-access";
import { PASSWORD_RESET_ANSWER, requestPasswordReset } from "@/server/modules/users/request-password-reset";

export const dynamic = "force-dynamic";

export const POST = withPublicAccess({}, async ({ request, ipKey }) => {
  assertSameSite(request);
  const body = (await readJsonBody(request)) as { email?: unknown } | null;
  await requestPasswordReset({ email: body?.email, addressKey: ipKey });
  return jsonResponse({ message: PASSWORD_RESET_ANSWER }, { status: 202 });
});
