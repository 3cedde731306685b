// POST /api/public/tracking/{uuid}/form (X-Session-Token): a viewer sends one of the link's choices and an optional
// message. Stored for the team (with the link's passenger, for a passenger's own link, and the session's e-mail
// address, when it has one) and announced as form_submitted. The per-session limit is the route's.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { linkForm } from "../tracking-links/link-record";
import type { ViewerSession } from "../tracking-links/viewer-sessions";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import { assertFormSession } from "./form-session";
import { ZFormSubmissionBody, type FormSubmissionReceived } from "./link-forms.schema";

export async function submitLinkForm(input: { uuid: string; session: ViewerSession; body: unknown }): Promise<FormSubmissionReceived> {
  const { session } = input;
  assertFormSession(session, input.uuid);
  const form = linkForm(session.link);
  if (!form) throw new AppError("FORM_NOT_FOUND", "This tracking link has no form.");
  const body = parseInput(ZFormSubmissionBody, input.body ?? {});
  if (!form.choices.includes(body.choice)) {
    const message = `must be one of: ${form.choices.join(", ")}`;
    throw new AppError("VALIDATION_FAILED", `choice: ${message}`, [{ field: "choice", message }]);
  }
  const prisma = db();
  // read here rather than with every link: only submissions need the passenger
  const owner = await prisma.trackingLink.findUnique({ where: { id: session.link.id }, select: { passengerId: true } });
  const passengerId = owner?.passengerId ?? null;
  const row = await prisma.linkFormSubmission.create({
    data: {
      accountId: session.link.accountId,
      linkId: session.link.id,
      passengerId,
      choice: body.choice,
      message: body.message,
      email: session.email,
    },
    select: { id: true, createdAt: true },
  });
  emitWebhookEvent(session.link.accountId, "form_submitted", {
    submission_id: row.id,
    link_uuid: session.link.uuid,
    passenger_id: passengerId,
    choice: body.choice,
    message: body.message,
  });
  return { choice: body.choice, message: body.message, submitted_at: row.createdAt.toISOString() };
}
