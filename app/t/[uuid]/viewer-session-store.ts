// The viewer session of each link, kept in sessionStorage (this tab, until it closes): a reload or a phone that
// wakes the tab does not ask for the e-mail or a code again while the session lasts. One entry per link uuid.
import type { ViewerSessionResponse } from "@/server/modules/tracking-links/tracking-links.schema";

export interface StoredSession {
  token: string;
  /** ISO 8601 */
  expires_at: string;
}

const key = (uuid: string) => `fleetline:tracking-session:${uuid}`;

/** the stored session of this link while it lasts; null when there is none, it has ended or storage is blocked */
export function loadSession(uuid: string, now = Date.now()): StoredSession | null {
  try {
    const raw = window.sessionStorage.getItem(key(uuid));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof stored.token !== "string" || typeof stored.expires_at !== "string") return null;
    if (!(Date.parse(stored.expires_at) > now)) {
      window.sessionStorage.removeItem(key(uuid));
      return null;
    }
    return { token: stored.token, expires_at: stored.expires_at };
  } catch {
    return null;
  }
}

export function saveSession(uuid: string, response: ViewerSessionResponse): StoredSession {
  const session = { token: response.session.token, expires_at: response.session.expires_at };
  try {
    window.sessionStorage.setItem(key(uuid), JSON.stringify(session));
  } catch {
    // private modes may refuse storage: the session still works until the tab is reloaded
  }
  return session;
}

export function clearSession(uuid: string): void {
  try {
    window.sessionStorage.removeItem(key(uuid));
  } catch {
    // nothing stored, nothing to clear
  }
}
