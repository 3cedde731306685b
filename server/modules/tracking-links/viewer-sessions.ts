// Viewer sessions (spec, Authentication: public tracking sessions): a 256-bit random token tied to one link, sent as
// X-Session-Token, lasting the link's session length (4 hours by default). Only its SHA-256 is stored: the token has
// full entropy, so a fast hash suffices and a leaked table opens nothing.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { randomToken, sha256Hex } from "../../security/random";
import { linkSelect, type LinkRecord } from "./link-record";
import type { ViewerSessionResponse } from "./tracking-links.schema";

export interface ViewerSession {
  id: number;
  linkId: number;
  email: string | null;
  expiresAt: Date;
  link: LinkRecord;
}

export async function issueViewerSession(link: LinkRecord, email: string | null, now = Date.now()): Promise<ViewerSessionResponse> {
  const token = randomToken(32);
  const expiresAt = new Date(now + link.sessionMinutes * 60_000);
  await db().viewerSession.create({ data: { linkId: link.id, tokenHash: sha256Hex(token), email, expiresAt } });
  return {
    success: true,
    session: { token, expires_at: expiresAt.toISOString(), link: { uuid: link.uuid, title: link.displayName } },
  };
}

/**
 * The live session behind a token, or null when no session has it (a link deleted since counts as none). A session
 * that has ended is SESSION_EXPIRED (401): the viewer verifies again.
 */
export async function findViewerSession(token: string, now = Date.now()): Promise<ViewerSession | null> {
  const session = await db().viewerSession.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, linkId: true, email: true, expiresAt: true, link: { select: linkSelect } },
  });
  if (!session) return null;
  if (session.expiresAt.getTime() <= now) throw new AppError("SESSION_EXPIRED", "The viewing session has ended; open the link again.");
  return session as ViewerSession;
}

/** the session with this id, whatever its state (the WebSocket server watches it), or null */
export async function findViewerSessionById(id: number): Promise<Omit<ViewerSession, "link"> | null> {
  return db().viewerSession.findUnique({ where: { id }, select: { id: true, linkId: true, email: true, expiresAt: true } });
}
