// /api/{account_key}/tag/{id}/drivers: the drivers carrying a tag (server/http/tag-member-routes.ts).
import { tagMemberRoutes } from "@/server/http/tag-member-routes";

export const dynamic = "force-dynamic";

export const { GET, PUT, POST, DELETE, PATCH } = tagMemberRoutes("driver");
