// The passenger page /t/{uuid}: the page a tracking link's address opens, on a phone first. The server reads the
// link's page view (no session needed: it holds only what the link's info and published contact details say) and
// renders its first state; the client part asks for access, then shows the vehicle live.
import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { env } from "@/server/env";
import { isAppError } from "@/server/errors";
import { mapStyleFor } from "@/server/modules/maps/map-style";
import { getTrackingPage } from "@/server/modules/tracking-links/get-tracking-page";
import { DEFAULT_BRAND_COLOR } from "./brand-colors";
import { TrackingPageClient } from "./tracking-page-client";

// a link's state changes with time (start, schedule, expiry): never a cached render
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ uuid: string }> };

/** the view, or null for an unknown link; read once per request by the metadata and the page */
const pageView = cache(async (uuid: string) =>
  getTrackingPage({ uuid }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "LINK_NOT_FOUND") return null;
    throw error;
  }),
);

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const view = await pageView((await params).uuid);
  const title = view ? [view.display_name, view.branding.company_name].filter(Boolean).join(" · ") : "Link not found";
  return {
    // the company's page, not the dashboard's: no "· Fleetline" suffix
    title: { absolute: title },
    robots: { index: false, follow: false },
    // the address is what opens a public link: never send it to the logo's host or a linked site
    referrer: "no-referrer",
  };
}

export async function generateViewport({ params }: Params): Promise<Viewport> {
  const view = await pageView((await params).uuid);
  return { themeColor: view?.branding.primary_color ?? DEFAULT_BRAND_COLOR };
}

export default async function TrackingPage({ params }: Params) {
  const view = await pageView((await params).uuid);
  if (!view) notFound();
  return <TrackingPageClient view={view} mapStyle={mapStyleFor(env())} />;
}
