// GET /api/{account_key}/asset/{id}/photo/{photoId}/thumbnail: the photo's thumbnail (WebP within 400 x 400
// pixels), with a strong ETag (304 on If-None-Match); server/http/photo-upload.ts says how it is served.
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { restPhotoFileGet } from "@/server/http/photo-upload";

export const dynamic = "force-dynamic";

export const GET = restPhotoFileGet("thumbnail");

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
