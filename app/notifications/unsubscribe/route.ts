// The one-click unsubscribe of notification e-mails (RFC 8058; docs/notifications.md "Unsubscribe"). No sign-in: the
// signed token says who and which alert type. GET: a confirm page; POST (the mail client's one-click, or the page's
// button): e-mail about that type is turned off for that recipient.
import { isAppError } from "@/server/errors";
import { linkPage, postedToken } from "@/server/modules/notifications/link-page";
import { describeUnsubscribeToken, unsubscribeByToken } from "@/server/modules/notifications/unsubscribe-by-token";

export const dynamic = "force-dynamic";

const invalid = () => linkPage({ title: "Link not valid", text: "This unsubscribe link is not valid. Change your notification preferences in Fleetline instead.", status: 400 });
const typeName = (type: string) => (type === "*" ? "alerts" : `${type} alerts`);

export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const payload = describeUnsubscribeToken(token);
  if (!payload) return invalid();
  return linkPage({ title: "Unsubscribe", text: `Stop e-mails about ${typeName(payload.alertType)}?`, button: { label: "Unsubscribe", token: token! } });
}

export async function POST(request: Request) {
  try {
    const payload = await unsubscribeByToken(await postedToken(request));
    return linkPage({ title: "Unsubscribed", text: `You will get no more e-mails about ${typeName(payload.alertType)}. You can turn them on again in your notification preferences.` });
  } catch (error) {
    if (isAppError(error) && error.code === "VALIDATION_FAILED") return invalid();
    throw error;
  }
}
