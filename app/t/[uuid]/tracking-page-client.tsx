"use client";
// The passenger page in the browser: a full-screen map with the vehicle once there is a position, and the panel (a
// sheet under the map on phones, a card beside it on wide screens). PassengerTracker does the work; this renders
// its snapshots. The map and pusher-js are loaded only when needed, so the page's first paint carries neither.
import type { MapStyle } from "@/server/modules/maps/map-style";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { TrackingPageView } from "@/server/modules/tracking-links/get-tracking-page";
import { useNow } from "../../_components/map/use-now";
import { AccessGate } from "./access-gate-client";
import { AccessRequest } from "./access-request-client";
import { brandColors } from "./brand-colors";
import { LinkFormPanel } from "./link-form-panel";
import { BrandHeader, ContactDetails, StateMessage, StopCountdown, VehicleFacts } from "./passenger-panel";
import { PassengerTracker } from "./passenger-tracker";
import { RunNotice } from "./run-notice";
import { StopMessages } from "./stop-messages";
import { ApproachAlert } from "./approach-alert";
import { useFormSession } from "./use-form-session";

const PassengerMap = dynamic(() => import("./passenger-map").then((module) => module.PassengerMap), {
  ssr: false,
  loading: () => <p className="p-4 text-sm text-slate-700">Loading the map…</p>,
});

const WIDE = "(min-width: 768px)";
/** what the side card covers of the map on wide screens: md:w-96 plus md:left-4 and a margin, in pixels */
const CARD_COVER_PX = 24 * 16 + 2 * 16;
/** what the sheet's rounded top covers of the map on phones (-mt-4), in pixels */
const SHEET_COVER_PX = 16;

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const SHEET =
  "relative z-10 -mt-4 max-h-[55%] shrink-0 overflow-y-auto rounded-t-2xl bg-white shadow-[0_-6px_20px_rgba(15,23,42,0.18)] md:absolute md:left-4 md:top-4 md:mt-0 md:max-h-[calc(100%-2rem)] md:w-96 md:rounded-2xl md:shadow-xl";
const CARD =
  "min-h-0 flex-1 overflow-y-auto bg-white md:m-auto md:max-h-[calc(100%-4rem)] md:w-full md:max-w-md md:flex-none md:rounded-2xl md:shadow-xl";

export function TrackingPageClient({ view, mapStyle }: { view: TrackingPageView; mapStyle: MapStyle }) {
  const router = useRouter();
  const routerRef = useRef(router);
  routerRef.current = router;
  // re-reading the server's view is a soft refresh of this route: no reload, the tracker and its socket stay
  const [tracker] = useState(() => new PassengerTracker(view, () => routerRef.current.refresh()));
  const state = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
  useEffect(() => {
    tracker.start();
    return () => tracker.stop();
  }, [tracker]);
  useEffect(() => tracker.setView(view), [tracker, view]);

  const now = useNow(15_000);
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => false);
  const colors = brandColors(view.branding.primary_color);
  const location = state.phase.name === "live" ? state.location : null;
  const mode = view.access_mode;
  // the form works outside the schedule too
  const formToken = useFormSession(tracker, view.uuid, mode, state.phase.name);
  // the day's run and "Stop messages" use the watching session, else the one the form opened outside the schedule
  const viewerToken = state.sessionToken ?? formToken;

  return (
    <main className="fixed inset-0 flex flex-col overflow-hidden bg-slate-100" data-phase={state.phase.name}>
      <section aria-label="Tracking details" className={location ? SHEET : CARD} data-testid="passenger-panel">
        <BrandHeader view={view} colors={colors} />
        <div className="px-4 pb-4 pt-3">
          <h1 className="text-xl font-semibold text-slate-900">{view.display_name}</h1>
          <div role="status" aria-live="polite">
            <StateMessage view={view} state={state} />
          </div>
          {state.phase.name === "gate" && mode !== "public" ? (
            <div className="mt-3">
              <AccessGate
                mode={mode}
                gate={state.gate}
                colors={colors}
                onEmail={(email) => void tracker.submitEmail(email)}
                onCode={(code) => void tracker.submitCode(code)}
                onResend={() => void tracker.resendCode()}
                onChangeEmail={() => tracker.changeEmail()}
              />
              {mode === "authorized_only" ? (
                <AccessRequest uuid={view.uuid} gateStep={state.gate.step} gateEmail={state.gate.email} colors={colors} />
              ) : null}
            </div>
          ) : null}
          {state.phase.name === "live" && state.stop ? <StopCountdown stop={state.stop} location={location} own={view.messages !== null} /> : null}
          {view.route_based && viewerToken ? <RunNotice uuid={view.uuid} token={viewerToken} vehicleChanges={state.vehicleChanges} /> : null}
          {location ? <VehicleFacts location={location} timeZone={view.time_zone} hasDestination={view.has_destination} now={now} /> : null}
          {formToken ? <LinkFormPanel uuid={view.uuid} token={formToken} colors={colors} /> : null}
          <ContactDetails view={view} />
          {view.messages && viewerToken && !view.messages.opted_out ? <ApproachAlert uuid={view.uuid} token={viewerToken} /> : null}
          {view.messages && (viewerToken || view.messages.opted_out) ? (
            <StopMessages uuid={view.uuid} token={viewerToken} optedOut={view.messages.opted_out} company={view.branding.company_name} />
          ) : null}
        </div>
      </section>
      {location ? (
        // after the panel in reading and focus order, above it on a phone's screen
        <div className="relative order-first min-h-0 flex-1 md:absolute md:inset-0">
          <PassengerMap
            mapStyle={mapStyle}
            location={location}
            color={colors.background}
            contrast={colors.foreground}
            padding={wide ? { left: CARD_COVER_PX, bottom: 0 } : { left: 0, bottom: SHEET_COVER_PX }}
          />
        </div>
      ) : null}
    </main>
  );
}
