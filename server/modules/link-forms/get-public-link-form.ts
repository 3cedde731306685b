// GET /api/public/tracking/{uuid}/form (X-Session-Token): the link's form, served apart from the link info, whose
// fields the spec fixes. 404 FORM_NOT_FOUND when the link has none.
import { AppError } from "../../errors";
import { linkForm } from "../tracking-links/link-record";
import type { ViewerSession } from "../tracking-links/viewer-sessions";
import { assertFormSession } from "./form-session";
import type { PublicLinkForm } from "./link-forms.schema";

export function getPublicLinkForm(input: { uuid: string; session: ViewerSession }): PublicLinkForm {
  assertFormSession(input.session, input.uuid);
  const form = linkForm(input.session.link);
  if (!form) throw new AppError("FORM_NOT_FOUND", "This tracking link has no form.");
  return { title: form.title, choices: form.choices };
}
