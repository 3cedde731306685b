// The driver phone page /d/{account_key} (docs/messaging.md "The driver page"): no app store, a link or a PIN signs
// the driver in, then the conversation with dispatch. Everything after the first render happens in the client part;
// the server only checks that the account exists.
import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { db } from "@/server/db/client";
import { ViewerTimeZoneProvider } from "../../_components/ui/viewer-time-zone";
import { DriverPageClient } from "./driver-page-client";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ accountKey: string }> };

export const metadata: Metadata = {
  title: { absolute: "Messages" },
  robots: { index: false, follow: false },
  // the sign-in link's token is in the fragment, which is never sent; no referrer either way
  referrer: "no-referrer",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function DriverPage({ params }: Params) {
  const { accountKey } = await params;
  const account = await db().account.findUnique({ where: { key: accountKey }, select: { key: true, name: true, timeZone: true } });
  if (!account) notFound();
  // the driver reads times in the account's zone (a driver has no profile of their own)
  return (
    <ViewerTimeZoneProvider timeZone={account.timeZone}>
      <DriverPageClient accountKey={account.key} accountName={account.name} />
    </ViewerTimeZoneProvider>
  );
}
