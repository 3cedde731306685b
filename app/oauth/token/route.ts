// POST /oauth/token: OAuth 2.0 client credentials (server/http/token-endpoint.ts holds the rules).
import { tokenEndpoint } from "@/server/http/token-endpoint";

export const dynamic = "force-dynamic";

export const POST = tokenEndpoint;
