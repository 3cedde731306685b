// What the passenger page is doing, as one small state machine outside React (timers and sockets outlive renders):
// the page subscribes to its snapshots (useSyncExternalStore) and calls its gate actions.
//
//   start ── link disabled / expired ─────────────────────────────────────────────> disabled / expired (final)
//     │  ── not started / outside the schedule ──> info every 30 s ── opens ──┐
//     └─ open: a stored session ─────────────────────────────────────────────┴──> watch
//              none: public ── verify {} ──> watch; other modes ── gate (e-mail, code) ──> watch
//   watch: GET location, then the channel. Its events move the vehicle, pause it (schedule.changed), end it
//   (link.expired: disconnect). Close codes: 4001/4002 verify again (silently for public links), 4003 not found,
//   4004 ended, 4005 outside the schedule. A drop: "connection lost", location every 30 s, info every 30 s, and a
//   reconnection only once info says active, not expired and within the schedule. After any gap the location is
//   read again before the stream is trusted (the stream has no replay).
import type { TrackingPageView } from "@/server/modules/tracking-links/get-tracking-page";
import type { ExpiryReason, PublicLocation, PublicStop, ViewerSessionResponse } from "@/server/modules/tracking-links/tracking-links.schema";
import { formatWait } from "./passenger-format";
import { fetchLinkInfo, fetchLocation, verifyViewer, type ApiAnswer } from "./public-tracking-api";
import { openTrackingChannel, type RefusalCode, type TrackingChannel } from "./tracking-channel";
import { clearSession, loadSession, saveSession, type StoredSession } from "./viewer-session-store";

/** spec, Limits: recommended polling fallback */
export const POLL_MS = 30_000;
/** the first look at the link info after a drop: soon, but not in a loop with a flapping network */
const FIRST_RECHECK_MS = 2_000;
/** a public link verifies again by itself at most this often (a refused session must not loop) */
const SILENT_VERIFY_GAP_MS = 10_000;

export type Phase =
  | { name: "loading" }
  | { name: "gate" }
  | { name: "not_started" }
  | { name: "outside_schedule" }
  | { name: "expired"; reason: Exclude<ExpiryReason, "disabled"> | null }
  | { name: "disabled" }
  | { name: "not_found" }
  /** the link could not be opened because the server is out of reach; tried again every 30 s */
  | { name: "unreachable" }
  | { name: "live" };

export interface GateState {
  step: "email" | "code";
  email: string;
  busy: boolean;
  /** the server's words after a code was sent */
  sent: string | null;
  /** the server's message for the last try, or the wait after too many */
  error: string | null;
  /** why the viewer is asked again (the session ended) */
  reason: string | null;
}

export type Connection = "idle" | "connecting" | "live" | "lost";

export interface TrackerSnapshot {
  phase: Phase;
  gate: GateState;
  /** the newest known position; kept while the connection is lost */
  location: PublicLocation | null;
  /** a route-based link: the stop the location's distance and ETA refer to (its name, reached or not); null: none */
  stop: PublicStop | null;
  /** the first location answer is in: a null location then means the vehicle has not reported yet */
  located: boolean;
  connection: Connection;
  /** the server's words from schedule.changed or vehicle.changed, shown until the next change */
  notice: string | null;
  /** the viewer session's token while there is one (the day's run and "Stop messages" call with it) */
  sessionToken: string | null;
  /** bumped by every vehicle.changed: what the page shows of the day's run is read again */
  vehicleChanges: number;
}

const ENDED_SESSION = "Your viewing session has ended. Please confirm your e-mail address again.";

function initialPhase(view: TrackingPageView): Phase {
  switch (view.status) {
    case "disabled":
      return { name: "disabled" };
    case "expired":
      return { name: "expired", reason: view.expired_reason };
    case "not_started":
      return { name: "not_started" };
    case "outside_schedule":
      return { name: "outside_schedule" };
    default:
      return { name: "loading" };
  }
}

export class PassengerTracker {
  private snapshot: TrackerSnapshot;
  private readonly listeners = new Set<() => void>();
  private view: TrackingPageView;
  private readonly onStale: () => void;
  private session: StoredSession | null = null;
  private channel: TrackingChannel | null = null;
  /** bumped by stop() and by every new channel: late answers of an older one are dropped */
  private epoch = 0;
  private running = false;
  private infoTimer: ReturnType<typeof setTimeout> | null = null;
  private locationTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** a gap in the stream: read the location again once subscribed */
  private gap = false;
  private lastSilentVerify = 0;
  private subscribedSinceDrop = false;

  /** `onStale`: the server's view of the link is out of date (the page reads it again and calls setView) */
  constructor(view: TrackingPageView, onStale: () => void) {
    this.view = view;
    this.onStale = onStale;
    this.snapshot = {
      phase: initialPhase(view),
      gate: { step: "email", email: "", busy: false, sent: null, error: null, reason: null },
      location: null,
      stop: null,
      located: false,
      connection: "idle",
      notice: null,
      sessionToken: null,
      vehicleChanges: 0,
    };
  }

  // ---- React's side ------------------------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** the viewer session's token while there is one, also while paused (the link's form is sent with it) */
  sessionToken(): string | null {
    return this.session?.token ?? loadSession(this.view.uuid)?.token ?? null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const phase = this.snapshot.phase.name;
    if (phase === "disabled" || phase === "expired" || phase === "not_found") return;
    if (phase === "not_started" || phase === "outside_schedule") {
      // the first look just after the announced opening, when that comes before the usual interval
      const opensIn = this.view.resumes_at ? Date.parse(this.view.resumes_at) - Date.now() + 1000 : POLL_MS;
      return this.pollInfo(Math.min(POLL_MS, Math.max(1000, opensIn)));
    }
    void this.open();
  }

  stop(): void {
    this.running = false;
    this.epoch++;
    this.closeChannel();
    this.clearTimers();
  }

  /** a fresh server view: fills in what a live event could not tell (an ended link's reason) */
  setView(view: TrackingPageView): void {
    this.view = view;
    const phase = this.snapshot.phase;
    if (view.status === "disabled" && phase.name === "expired") this.set({ phase: { name: "disabled" } });
    else if (phase.name === "expired" && phase.reason === null && view.expired_reason) {
      this.set({ phase: { name: "expired", reason: view.expired_reason } });
    }
  }

  // ---- the gate ---------------------------------------------------------------------------------------------

  async submitEmail(email: string): Promise<void> {
    this.setGate({ email: email.trim(), busy: true, error: null });
    this.handleVerify(await verifyViewer(this.view.uuid, { email: email.trim() }), "email");
  }

  async submitCode(code: string): Promise<void> {
    this.setGate({ busy: true, error: null });
    this.handleVerify(await verifyViewer(this.view.uuid, { email: this.snapshot.gate.email, access_code: code.trim() }), "code");
  }

  async resendCode(): Promise<void> {
    this.setGate({ busy: true, error: null, sent: null });
    this.handleVerify(await verifyViewer(this.view.uuid, { email: this.snapshot.gate.email }), "code");
  }

  changeEmail(): void {
    this.setGate({ step: "email", error: null, sent: null });
  }

  // ---- opening a session ------------------------------------------------------------------------------------

  private async open(): Promise<void> {
    const stored = loadSession(this.view.uuid);
    if (stored) return this.watch(stored);
    if (this.view.access_mode === "public") return this.verifySilently();
    this.set({ phase: { name: "gate" } });
  }

  /** public links need no form: verify with {} (again after a session ended) */
  private async verifySilently(): Promise<void> {
    const wait = this.lastSilentVerify + SILENT_VERIFY_GAP_MS - Date.now();
    if (wait > 0) return this.retryLater(() => this.verifySilently(), wait);
    this.lastSilentVerify = Date.now();
    const epoch = this.epoch;
    const answer = await verifyViewer(this.view.uuid, {});
    if (epoch !== this.epoch) return;
    if (answer.ok && answer.status === 200) return this.watch(saveSession(this.view.uuid, answer.data as ViewerSessionResponse));
    if (!answer.ok && this.endedBy(answer)) return;
    // offline, overloaded or limited: say so and try again
    this.set({ phase: { name: "unreachable" } });
    this.retryLater(() => this.verifySilently(), answer.ok ? POLL_MS : Math.max(POLL_MS, (answer.retryAfterS ?? 0) * 1000));
  }

  private handleVerify(answer: ApiAnswer<unknown>, from: "email" | "code"): void {
    if (answer.ok && answer.status === 200) {
      this.setGate({ busy: false, error: null, reason: null });
      return void this.watch(saveSession(this.view.uuid, answer.data as ViewerSessionResponse));
    }
    if (answer.ok) {
      const sent = (answer.data as { message?: string }).message ?? "A code is on its way to your e-mail address.";
      return this.setGate({ step: "code", busy: false, sent, error: null });
    }
    if (this.endedBy(answer)) return;
    const error =
      answer.status === 429
        ? `Too many attempts. Please wait ${formatWait(answer.retryAfterS ?? 60)} and try again.`
        : answer.message;
    this.setGate({ busy: false, error, step: from === "email" ? "email" : this.snapshot.gate.step });
  }

  /** answers that end the page's hope of watching (unknown, disabled or expired link); true when handled */
  private endedBy(answer: { status: number; code: string | null }): boolean {
    if (answer.status === 404) {
      this.finish({ name: "not_found" });
      return true;
    }
    if (answer.status === 410) {
      if (answer.code === "LINK_INACTIVE") this.finish({ name: "disabled" });
      else {
        this.finish({ name: "expired", reason: null });
        this.onStale(); // the reason is in the server's view
      }
      return true;
    }
    return false;
  }

  // ---- watching ---------------------------------------------------------------------------------------------

  private async watch(session: StoredSession): Promise<void> {
    this.session = session;
    this.set({ phase: { name: "live" }, connection: "connecting", sessionToken: session.token });
    const epoch = this.epoch;
    await this.readLocation();
    if (epoch !== this.epoch || this.snapshot.phase.name !== "live") return;
    void this.connect();
  }

  private async readLocation(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const epoch = this.epoch;
    const answer = await fetchLocation(this.view.uuid, session.token);
    if (epoch !== this.epoch || session !== this.session) return;
    if (answer.ok) return this.showLocation(answer.data.location, { replace: answer.data.location === null, stop: answer.data.stop });
    if (answer.status === 401 || answer.code === "CHANNEL_FORBIDDEN") return this.verifyAgain();
    if (answer.status === 403 && answer.code === "OUTSIDE_SCHEDULE") return this.pause(null);
    this.endedBy(answer); // 429 and offline: the next read or the channel brings the position
  }

  /** `stop` undefined: the answer said nothing of a stop (a link that follows a vehicle; vehicle.changed) */
  private showLocation(location: PublicLocation | null, options: { replace: boolean; stop?: PublicStop | null }): void {
    const current = this.snapshot.location;
    // a position never goes backwards in time: a late read must not undo a newer streamed one (a run's new ETA comes
    // with the same position, so an equal time is news)
    if (!options.replace && location && current && Date.parse(location.timestamp) < Date.parse(current.timestamp)) {
      return this.set({ located: true });
    }
    if (!options.replace && !location && current) return this.set({ located: true });
    this.set({ location, located: true, ...(options.stop !== undefined && { stop: options.stop }) });
  }

  private async connect(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.closeChannel();
    const epoch = ++this.epoch;
    this.set({ connection: this.snapshot.connection === "lost" ? "lost" : "connecting" });
    const mine = () => epoch === this.epoch && this.running;
    const channel = await openTrackingChannel(this.view.uuid, session.token, {
      onSubscribed: () => {
        if (!mine()) return;
        this.stopLostPolling();
        this.subscribedSinceDrop = true;
        this.set({ connection: "live" });
        if (this.gap) {
          this.gap = false;
          void this.readLocation();
        }
      },
      onLocation: (location, stop) => {
        if (mine() && this.snapshot.phase.name === "live") this.showLocation(location, { replace: false, stop });
      },
      onExpired: (reason) => {
        if (!mine()) return;
        this.channel = null;
        this.finish(reason === "disabled" ? { name: "disabled" } : { name: "expired", reason });
      },
      onScheduleChanged: ({ is_active, message }) => {
        if (!mine()) return;
        if (is_active) this.resume(message || null);
        else this.pause(message || null);
      },
      onVehicleChanged: ({ message, new_location }) => {
        if (!mine()) return;
        this.set({ notice: message || null, vehicleChanges: this.snapshot.vehicleChanges + 1 });
        this.showLocation(new_location ?? null, { replace: true });
      },
      onRefused: (code) => {
        if (!mine()) return;
        this.channel = null;
        this.refused(code);
      },
      onAuthFailed: () => {
        if (!mine()) return;
        this.channel = null;
        this.verifyAgain();
      },
      onDropped: () => {
        if (!mine()) return;
        this.channel = null;
        this.lost();
      },
    });
    if (!mine()) return channel.close();
    this.channel = channel;
  }

  private refused(code: RefusalCode): void {
    switch (code) {
      case 4001:
      case 4002:
        return this.verifyAgain();
      case 4003:
        return this.finish({ name: "not_found" });
      case 4004:
        // ended or disabled: the link info tells which, the server's view the reason
        void this.settleEnded();
        return;
      case 4005:
        return this.pause(null);
    }
  }

  private async settleEnded(): Promise<void> {
    const info = await fetchLinkInfo(this.view.uuid);
    if (info.ok && !info.data.is_active) return this.finish({ name: "disabled" });
    this.finish({ name: "expired", reason: null });
    this.onStale();
  }

  /** the session is gone (401, 4001, 4002): public links verify again by themselves, others show the gate */
  private verifyAgain(): void {
    clearSession(this.view.uuid);
    this.session = null;
    this.set({ sessionToken: null });
    this.closeChannel();
    this.stopLostPolling();
    this.gap = true;
    if (this.view.access_mode === "public") {
      void this.verifySilently();
      return;
    }
    this.set({ phase: { name: "gate" }, connection: "idle" });
    this.setGate({ step: "email", busy: false, sent: null, error: null, reason: ENDED_SESSION });
  }

  // ---- the schedule ----------------------------------------------------------------------------------------

  /** outside the schedule: positions pause; the channel (if any) stays, and the info is read every 30 s */
  private pause(message: string | null): void {
    this.stopLostPolling();
    this.set({ phase: { name: "outside_schedule" }, notice: message });
    this.pollInfo();
    if (!message) this.onStale(); // when it resumes is in the server's view
  }

  private resume(message: string | null): void {
    this.clearInfoTimer();
    this.set({ phase: { name: "live" }, notice: message });
    if (this.channel && this.snapshot.connection === "live") void this.readLocation();
    else if (this.session) void this.watch(this.session);
    else void this.open();
  }

  /** reads the link info every 30 s while the link is not watchable (not started, outside its schedule) */
  private pollInfo(delay = POLL_MS): void {
    this.clearInfoTimer();
    this.infoTimer = setTimeout(async () => {
      this.infoTimer = null;
      const info = await fetchLinkInfo(this.view.uuid);
      if (!this.running) return;
      const phase = this.snapshot.phase.name;
      if (phase !== "not_started" && phase !== "outside_schedule") return;
      if (!info.ok) {
        if (!this.endedBy(info)) this.pollInfo();
        return;
      }
      if (!info.data.is_active) return this.finish({ name: "disabled" });
      if (info.data.is_expired) {
        this.finish({ name: "expired", reason: null });
        return this.onStale();
      }
      if (!info.data.is_within_schedule) return this.pollInfo();
      this.onStale(); // the schedule texts of the server's view are out of date now
      this.resume(null);
    }, POLL_MS);
  }

  // ---- a lost connection -------------------------------------------------------------------------------------

  /** the connection dropped: show it, poll the location, and reconnect once the link info allows */
  private lost(): void {
    this.closeChannel();
    this.gap = true;
    if (this.snapshot.phase.name !== "live") {
      // paused: nothing to show meanwhile; the info polling reconnects when the schedule opens
      this.set({ connection: "idle" });
      if (!this.infoTimer) this.pollInfo();
      return;
    }
    this.set({ connection: "lost" });
    if (!this.locationTimer) this.locationTimer = setInterval(() => void this.readLocation(), POLL_MS);
    // soon after a connection that worked; a full interval after one that never did (no quick retry loop)
    this.scheduleRecheck(this.subscribedSinceDrop ? FIRST_RECHECK_MS : POLL_MS);
    this.subscribedSinceDrop = false;
  }

  private scheduleRecheck(delay: number): void {
    this.clearInfoTimer();
    this.infoTimer = setTimeout(() => {
      this.infoTimer = null;
      void this.recheck();
    }, delay);
  }

  /** spec: before reconnecting after a drop, read the info; reconnect only while active and not expired */
  private async recheck(): Promise<void> {
    const epoch = this.epoch;
    const info = await fetchLinkInfo(this.view.uuid);
    if (epoch !== this.epoch || this.snapshot.phase.name !== "live") return;
    if (!info.ok) {
      if (!this.endedBy(info)) this.scheduleRecheck(POLL_MS);
      return;
    }
    if (!info.data.is_active) return this.finish({ name: "disabled" });
    if (info.data.is_expired) {
      this.finish({ name: "expired", reason: null });
      return this.onStale();
    }
    if (!info.data.is_within_schedule) return this.pause(null);
    // the next look, should this attempt fail too, is a full interval away
    this.scheduleRecheck(POLL_MS);
    void this.connect();
  }

  private stopLostPolling(): void {
    if (this.locationTimer) clearInterval(this.locationTimer);
    this.locationTimer = null;
    if (this.snapshot.phase.name === "live") this.clearInfoTimer();
  }

  // ---- plumbing ----------------------------------------------------------------------------------------------

  /** a final state: nothing more to watch or poll */
  private finish(phase: Phase): void {
    this.closeChannel();
    this.clearTimers();
    this.set({ phase, connection: "idle" });
  }

  private retryLater(run: () => void, delay: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) run();
    }, delay);
  }

  private closeChannel(): void {
    this.channel?.close();
    this.channel = null;
  }

  private clearInfoTimer(): void {
    if (this.infoTimer) clearTimeout(this.infoTimer);
    this.infoTimer = null;
  }

  private clearTimers(): void {
    this.clearInfoTimer();
    if (this.locationTimer) clearInterval(this.locationTimer);
    this.locationTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setGate(patch: Partial<GateState>): void {
    this.set({ gate: { ...this.snapshot.gate, ...patch } });
  }

  private set(patch: Partial<TrackerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
