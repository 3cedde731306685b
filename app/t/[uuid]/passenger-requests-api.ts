// What the passenger page sends to the team (docs/public-tracking.md): an access request to an authorised-only link,
// and the link's form with the viewer session. Same conventions as public-tracking-api.ts: every call resolves.
import type { AccessRequestReceived } from "@/server/modules/access-requests/access-requests.schema";
import type { FormSubmissionReceived, PublicLinkForm } from "@/server/modules/link-forms/link-forms.schema";
import { base, call, type ApiAnswer } from "./public-tracking-api";

export function requestAccess(
  uuid: string,
  body: { email: string; name?: string; message?: string },
): Promise<ApiAnswer<AccessRequestReceived>> {
  return call(`${base(uuid)}/access-requests`, { method: "POST", body });
}

/** the link's form; 404 FORM_NOT_FOUND when it has none */
export async function fetchLinkForm(uuid: string, token: string): Promise<ApiAnswer<PublicLinkForm>> {
  const answer = await call<{ data: PublicLinkForm }>(`${base(uuid)}/form`, { method: "GET", token });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}

export async function submitLinkForm(
  uuid: string,
  token: string,
  body: { choice: string; message?: string },
): Promise<ApiAnswer<FormSubmissionReceived>> {
  const answer = await call<{ data: FormSubmissionReceived }>(`${base(uuid)}/form`, { method: "POST", body, token });
  return answer.ok ? { ...answer, data: answer.data.data } : answer;
}
