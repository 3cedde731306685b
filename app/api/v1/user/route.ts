// GET /api/v1/user: the client's user and the account its token grants (spec "Authentication and identity").
import { withApiAuth } from "@/server/http/with-api-auth";
import { getApiUser } from "@/server/modules/oauth/get-api-user";

export const dynamic = "force-dynamic";

export const GET = withApiAuth({}, async ({ userId, account }) => ({
  data: await getApiUser({ userId, accountId: account.id }),
}));
