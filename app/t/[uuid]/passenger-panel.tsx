"use client";
// The passenger page's panel (a sheet under the map on phones, a card beside it on wide screens): the company's
// header, the link's name, what the page is doing in words, the vehicle's facts and whom to contact. The message of
// the current state sits in one polite live region, so a screen reader hears each change once; the facts that
// change with every position (speed, time) are outside it and are read on demand.
import type { TrackingPageView } from "@/server/modules/tracking-links/get-tracking-page";
import type { PublicLocation, PublicStop } from "@/server/modules/tracking-links/tracking-links.schema";
import type { BrandColors } from "./brand-colors";
import {
  describeStop,
  expiryText,
  formatAddress,
  formatAgo,
  formatDistance,
  formatEta,
  formatExactTime,
  formatSpeed,
  formatWhen,
  motionOf,
  telHref,
} from "./passenger-format";
import type { Connection, TrackerSnapshot } from "./passenger-tracker";

export function BrandHeader({ view, colors }: { view: TrackingPageView; colors: BrandColors }) {
  const company = view.branding.company_name;
  // nothing to show: the colour alone, as a stripe
  if (!company && !view.branding.logo_url) return <header aria-hidden className="h-2" style={{ backgroundColor: colors.background }} />;
  return (
    <header className="flex min-h-14 items-center gap-3 px-4 py-2" style={{ backgroundColor: colors.background, color: colors.foreground }}>
      {view.branding.logo_url ? (
        // any host the account chose (next/image would need each allow-listed); no referrer: the address is the key
        <img
          src={view.branding.logo_url}
          alt={company ? "" : "Logo"}
          referrerPolicy="no-referrer"
          className="h-9 max-w-28 shrink-0 rounded bg-white/90 object-contain p-0.5"
        />
      ) : null}
      {company ? <p className="min-w-0 truncate text-base font-semibold">{company}</p> : null}
    </header>
  );
}

/** the message of the current state, in the live region */
export function StateMessage({ view, state }: { view: TrackingPageView; state: TrackerSnapshot }) {
  const phase = state.phase;
  switch (phase.name) {
    case "loading":
      return <Message tone="neutral" title="Loading…" />;
    case "gate":
      return null;
    case "not_started": {
      const at = view.starts_at ?? view.resumes_at;
      return (
        <Message tone="neutral" title="Tracking has not started yet" testId="state-not-started">
          {at ? <p>It starts {formatWhen(at)} ({view.time_zone} time).</p> : null}
          {view.schedule ? <p>Schedule: {view.schedule}.</p> : null}
        </Message>
      );
    }
    case "outside_schedule":
      return (
        <Message tone="neutral" title="Tracking is paused outside its schedule" testId="state-outside-schedule">
          {state.notice ? <p>{state.notice}</p> : view.resumes_at ? <p>It resumes {formatWhen(view.resumes_at)} ({view.time_zone} time).</p> : null}
          {view.schedule ? <p>Schedule: {view.schedule}.</p> : null}
        </Message>
      );
    case "expired":
      return (
        <Message tone="final" title="This tracking link has ended" testId="state-expired">
          <p>{expiryText(phase.reason)}</p>
        </Message>
      );
    case "disabled":
      return (
        <Message tone="final" title="This tracking link has been disabled" testId="state-disabled">
          <p>{view.branding.company_name || "Its owner"} has turned it off, so the vehicle can no longer be followed.</p>
        </Message>
      );
    case "not_found":
      return (
        <Message tone="final" title="Link not found" testId="state-not-found">
          <p>This tracking link does not exist any more.</p>
        </Message>
      );
    case "unreachable":
      return (
        <Message tone="warning" title="Connection lost" testId="state-connection-lost">
          <p>The tracking service cannot be reached. Trying again every 30 seconds.</p>
        </Message>
      );
    case "live":
      if (!state.located) return <Message tone="neutral" title="Loading the vehicle's position…" />;
      return (
        <>
          <ConnectionLine connection={state.connection} />
          {state.location ? null : (
            <Message tone="neutral" title="Waiting for the vehicle's first position" testId="state-waiting">
              <p>The map appears as soon as the vehicle reports where it is.</p>
            </Message>
          )}
          {state.notice ? <p className="mt-2 text-sm text-slate-700">{state.notice}</p> : null}
        </>
      );
  }
}

const TONES = {
  neutral: "bg-slate-50 text-slate-800 ring-slate-200",
  warning: "bg-amber-50 text-amber-950 ring-amber-300",
  final: "bg-slate-100 text-slate-900 ring-slate-300",
} as const;

function Message({ tone, title, testId, children }: { tone: keyof typeof TONES; title: string; testId?: string; children?: React.ReactNode }) {
  return (
    <div data-testid={testId} className={`mt-3 space-y-1 rounded-lg p-3 text-sm ring-1 ${TONES[tone]}`}>
      <p className="text-base font-semibold">{title}</p>
      {children}
    </div>
  );
}

function ConnectionLine({ connection }: { connection: Connection }) {
  if (connection === "lost") {
    return (
      <Message tone="warning" title="Connection lost" testId="state-connection-lost">
        <p>Showing the last known position. Checking again every 30 seconds.</p>
      </Message>
    );
  }
  const live = connection === "live";
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-slate-700" data-testid="connection-state">
      <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${live ? "bg-green-600" : "bg-amber-500"}`} />
      {live ? "Live" : "Connecting…"}
    </p>
  );
}

const STOP_TONES = {
  approaching: "bg-slate-50 text-slate-900 ring-slate-200",
  arrived: "bg-green-50 text-green-950 ring-green-300",
  skipped: "bg-amber-50 text-amber-950 ring-amber-300",
} as const;

/**
 * A route-based link's stop: on a passenger's own link ("own") their stop, counting down ("Arriving at Oak Street in
 * about 7 min", the stops before it) until "Arrived at Oak Street"; on another the run's next stop. Outside the live
 * region: the minutes change with every position, and the region would interrupt a screen reader each time.
 */
export function StopCountdown({ stop, location, own }: { stop: PublicStop; location: PublicLocation | null; own: boolean }) {
  const { title, detail } = describeStop(stop, location, own);
  return (
    <section
      aria-label={own ? "Your stop" : "Next stop"}
      data-testid="passenger-stop"
      data-status={stop.status}
      className={`mt-3 rounded-lg p-3 text-sm ring-1 ${STOP_TONES[stop.status]}`}
    >
      <p className="text-base font-semibold break-words" data-testid="passenger-stop-title">
        {title}
      </p>
      {detail ? (
        <p className="mt-1" data-testid="passenger-stop-detail">
          {detail}
        </p>
      ) : null}
    </section>
  );
}

const MOTION_DOT = { moving: "bg-green-600", stopped: "bg-amber-500", parked: "bg-slate-500" } as const;

/** what is known of the vehicle now */
export function VehicleFacts({
  location,
  timeZone,
  hasDestination,
  now,
}: {
  location: PublicLocation;
  timeZone: string;
  hasDestination: boolean;
  now: number;
}) {
  const motion = motionOf(location);
  const address = formatAddress(location);
  const exact = formatExactTime(location.timestamp, timeZone);
  const ago = formatAgo(location.timestamp, now);
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="vehicle-facts">
      {hasDestination && location.eta_minutes !== undefined ? (
        <>
          <dt className="text-slate-600">Arrives</dt>
          <dd className="font-semibold text-slate-900" data-testid="passenger-eta">
            {location.eta_minutes > 0 ? `in ${formatEta(location.eta_minutes)}` : formatEta(0)}
          </dd>
        </>
      ) : null}
      {hasDestination && location.distance_km !== undefined ? (
        <>
          <dt className="text-slate-600">Distance</dt>
          <dd className="text-slate-900" data-testid="passenger-distance">
            {formatDistance(location.distance_km)} away
          </dd>
        </>
      ) : null}
      <dt className="text-slate-600">Status</dt>
      <dd className="flex items-center gap-2 text-slate-900" data-testid="passenger-motion">
        <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${MOTION_DOT[motion.state]}`} />
        {motion.label}
      </dd>
      <dt className="text-slate-600">Speed</dt>
      <dd className="text-slate-900" data-testid="passenger-speed">
        {formatSpeed(location.speed_kmh)}
      </dd>
      {address ? (
        <>
          <dt className="text-slate-600">Near</dt>
          <dd className="text-slate-900" data-testid="passenger-address">
            {address}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-600">Updated</dt>
      <dd className="text-slate-900" data-testid="passenger-updated">
        <time dateTime={location.timestamp} title={exact}>
          {ago || exact}
        </time>
        <span className="sr-only">{ago ? `, ${exact}` : ""}</span>
      </dd>
    </dl>
  );
}

const CONTACT_LINK =
  "flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900";

export function ContactDetails({ view }: { view: TrackingPageView }) {
  const { name, phone, email } = view.contact;
  if (!name && !phone && !email) return null;
  return (
    <section aria-labelledby="passenger-contact" className="mt-4 border-t border-slate-200 pt-3" data-testid="contact-details">
      <h2 id="passenger-contact" className="text-sm font-semibold text-slate-900">
        Questions? Contact {name || view.branding.company_name || "us"}
      </h2>
      <div className="mt-2 grid gap-2">
        {phone ? (
          <a href={telHref(phone)} className={CONTACT_LINK}>
            <PhoneIcon />
            <span>
              <span className="sr-only">Call </span>
              {phone}
            </span>
          </a>
        ) : null}
        {email ? (
          <a href={`mailto:${email}`} className={`${CONTACT_LINK} break-all`}>
            <MailIcon />
            <span>
              <span className="sr-only">E-mail </span>
              {email}
            </span>
          </a>
        ) : null}
      </div>
    </section>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </svg>
  );
}
