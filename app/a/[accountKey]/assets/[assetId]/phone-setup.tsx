// Setting up a phone as an asset's tracker: for an OsmAnd tracker (Traccar Client or OsmAnd app), a QR code that
// Traccar Client scans to take the server address and device id at once, and both values as text for OsmAnd and
// for typing. A server component: the address comes from the environment (OSMAND_PUBLIC_URL) and the QR code is
// drawn here as SVG, so no QR library and no configuration reach the browser. Renders nothing for other trackers.
// The device id is the phone's only credential (docs/osmand.md "The device id is a credential"): a typed (weak) one
// is marked here with what it risks and a one-click re-key; whoever may edit assets can re-key any phone's id.
import QRCode from "qrcode";
import { env } from "@/server/env";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import { appSetupLink } from "@/server/tracker/protocols/osmand/app-setup-link";
import { Card } from "../../../../_components/ui/card";
import { DeviceIdStrength } from "./device-id-strength";

export async function PhoneSetup({
  tracker,
  accountKey,
  assetId,
  canRekey,
}: {
  tracker: AssetDto["tracker"];
  accountKey: string;
  assetId: number;
  /** the signed-in role may edit assets (assets.write) */
  canRekey: boolean;
}) {
  if (tracker?.protocol !== "osmand") return null;
  // first in the card whatever else it shows, so the re-key's own state survives the refresh that follows it
  const strength = (
    <DeviceIdStrength
      accountKey={accountKey}
      assetId={assetId}
      weak={tracker.weak_device_id}
      allowedWeak={tracker.allow_weak_device_id}
      canRekey={canRekey}
    />
  );
  const serverUrl = env().OSMAND_PUBLIC_URL;
  if (!serverUrl) {
    return (
      <Card title="Phone set-up" className="mt-6">
        {strength}
        <p className="text-sm text-slate-600">
          Phones cannot report to this server: its OsmAnd listener is off (<code>OSMAND_PORT=0</code>).
        </p>
      </Card>
    );
  }
  const link = appSetupLink(serverUrl, tracker.imei);
  const svg = await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return (
    <Card title="Phone set-up" className="mt-6">
      {strength}
      <div className="flex flex-wrap items-start gap-6" data-testid="phone-setup">
        {/* a data: image: the SVG is ours, and an <img> cannot run anything inside it */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
          alt={`QR code that sets up Traccar Client with server ${serverUrl} and device id ${tracker.imei}`}
          width={176}
          height={176}
          className="rounded bg-white ring-1 ring-slate-200"
        />
        <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Server URL</dt>
          <dd className="break-all font-mono text-slate-900">{serverUrl}</dd>
          <dt className="text-slate-500">Device identifier</dt>
          <dd className="break-all font-mono text-slate-900">{tracker.imei}</dd>
          <dd className="col-span-2 max-w-prose text-slate-600">
            In Traccar Client, scan this code (or enter both values in its settings), then start the service. In
            OsmAnd, turn on online tracking with the web address{" "}
            <code className="break-all">{`${serverUrl}/?id=${tracker.imei}&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}`}</code>
            . The device id is the phone&apos;s only credential: keep it to the phone.
            {serverUrl.startsWith("http:") ? " The address is plain HTTP, so the id crosses the network readable; put HTTPS in front of the port." : ""}
          </dd>
        </dl>
      </div>
    </Card>
  );
}
