// Viewer sessions (spec, Authentication: public tracking sessions): a 256-bit random token tied to one link, sent as
// X-Session-Token, lasting the link's session length (4 hours by default). Only its SHA-256 is stored: the token has
// full entropy, so a fast hash suffices and a leaked table opens nothing.
//
// A session remembers the access mode it was issued under. Tightening a link (a stricter mode, an address taken off
// the list) deletes the sessions it no longer admits (update-tracking-link.ts), and every use of a session checks
// again (`admitsSession`), so one written by a verify that raced the change is refused too.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { randomToken, sha256Hex } from "../../security/random";
import { linkSelect, type LinkRecord } from "./link-record";
import { ACCESS_MODES, type AccessMode, type ViewerSessionResponse } from "./tracking-links.schema";

export interface ViewerSession {
  id: number;
  linkId: number;
  email: string | null;
  accessMode: AccessMode;
  expiresAt: Date;
  link: LinkRecord;
}

/** how much a mode asks of a viewer: public < email < email_code < authorized_only (ACCESS_MODES' order) */
const strictness = (mode: AccessMode) => ACCESS_MODES.indexOf(mode);

/**
 * The link, as it is now, still admits a session: the session was issued under a mode at least as strict as the
 * link's, and for an authorised-only link its address is still on the list.
 */
export function admitsSession(
  link: Pick<LinkRecord, "accessMode" | "allowedEmails">,
  session: { accessMode: AccessMode; email: string | null },
): boolean {
  if (strictness(session.accessMode) < strictness(link.accessMode)) return false;
  return link.accessMode !== "authorized_only" || (session.email !== null && link.allowedEmails.includes(session.email));
}

/** the link's sessions that `admitsSession` refuses under the link's new mode and list (to delete them) */
export function sessionsNotAdmitted(
  linkId: number,
  link: Pick<LinkRecord, "accessMode" | "allowedEmails">,
): Prisma.ViewerSessionWhereInput {
  const laxer = ACCESS_MODES.filter((mode) => strictness(mode) < strictness(link.accessMode));
  const notAdmitted: Prisma.ViewerSessionWhereInput[] = [{ accessMode: { in: laxer } }];
  if (link.accessMode === "authorized_only") notAdmitted.push({ email: null }, { email: { notIn: link.allowedEmails } });
  return { linkId, OR: notAdmitted };
}

export async function issueViewerSession(link: LinkRecord, email: string | null, now = Date.now()): Promise<ViewerSessionResponse> {
  const token = randomToken(32);
  const expiresAt = new Date(now + link.sessionMinutes * 60_000);
  await db().viewerSession.create({ data: { linkId: link.id, tokenHash: sha256Hex(token), email, accessMode: link.accessMode, expiresAt } });
  return {
    success: true,
    session: { token, expires_at: expiresAt.toISOString(), link: { uuid: link.uuid, title: link.displayName } },
  };
}

/**
 * The live session behind a token, or null when no session has it (a link deleted since counts as none) or the link
 * no longer admits it (tightened since: the same 401 as a deleted session). A session that has ended is
 * SESSION_EXPIRED (401): the viewer verifies again.
 */
export async function findViewerSession(token: string, now = Date.now()): Promise<ViewerSession | null> {
  const session = (await db().viewerSession.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, linkId: true, email: true, accessMode: true, expiresAt: true, link: { select: linkSelect } },
  })) as ViewerSession | null;
  if (!session || !admitsSession(session.link, session)) return null;
  if (session.expiresAt.getTime() <= now) throw new AppError("SESSION_EXPIRED", "The viewing session has ended; open the link again.");
  return session;
}

/** the session with this id, whatever its state (the WebSocket server watches it), or null */
export async function findViewerSessionById(id: number): Promise<Omit<ViewerSession, "link"> | null> {
  return db().viewerSession.findUnique({ where: { id }, select: { id: true, linkId: true, email: true, accessMode: true, expiresAt: true } });
}
