// The viewer session the form endpoints need: one of this very link (CHANNEL_FORBIDDEN otherwise, as for the
// location), on a link that is enabled and not expired. Unlike the location, a form works outside the link's
// schedule: "not riding today" is sent before the run starts.
import { AppError } from "../../errors";
import { assertOpen } from "../tracking-links/verify-viewer";
import type { ViewerSession } from "../tracking-links/viewer-sessions";

export function assertFormSession(session: ViewerSession, uuid: string): void {
  if (uuid.toLowerCase() !== session.link.uuid) {
    throw new AppError("CHANNEL_FORBIDDEN", "This session belongs to another tracking link.");
  }
  assertOpen(session.link);
}
