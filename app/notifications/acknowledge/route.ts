// Acknowledging a critical alert from its e-mail (docs/notifications.md "Escalation"). No sign-in: the signed token
// names the alert and the recipient the e-mail went to. GET: a confirm page (mail scanners follow links); POST: done.
import { isAppError } from "@/server/errors";
import { acknowledgeByToken, describeAcknowledgeToken } from "@/server/modules/notifications/acknowledge-alert";
import { linkPage, postedToken } from "@/server/modules/notifications/link-page";

export const dynamic = "force-dynamic";

const invalid = () => linkPage({ title: "Link not valid", text: "This acknowledge link is not valid. Acknowledge the alert in Fleetline instead.", status: 400 });

export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const payload = describeAcknowledgeToken(token);
  if (!payload) return invalid();
  return linkPage({ title: "Acknowledge alert", text: `Acknowledge alert ${payload.alertId}? Its escalation stops.`, button: { label: "Acknowledge", token: token! } });
}

export async function POST(request: Request) {
  try {
    const ack = await acknowledgeByToken(await postedToken(request));
    return linkPage({
      title: "Alert acknowledged",
      text: ack.acknowledged_now ? `Thank you. The escalation of alert ${ack.alert_id} has stopped.` : `${ack.acknowledged_by} had already acknowledged it at ${ack.acknowledged_at}.`,
    });
  } catch (error) {
    if (isAppError(error) && (error.code === "VALIDATION_FAILED" || error.code === "ALERT_NOT_FOUND")) return invalid();
    throw error;
  }
}
