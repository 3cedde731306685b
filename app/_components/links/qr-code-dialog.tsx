"use client";
// The QR code of a link's address, to print or show on a screen for passengers. It is drawn as SVG in the browser
// by the qrcode package, loaded only when a dialog opens; Download saves the same SVG.
import { useEffect, useState } from "react";
import type { TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Spinner } from "../ui/spinner";

type QrLink = Pick<TrackingLinkDto, "url" | "display_name">;

export function QrCodeDialog({ link, onClose }: { link: QrLink | null; onClose: () => void }) {
  const url = link?.url ?? null;
  const [svg, setSvg] = useState<{ url: string; text: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!url) return;
    let current = true;
    setFailed(false);
    import("qrcode")
      .then(({ toString }) => toString(url, { type: "svg", margin: 1 }))
      .then(
        (text) => current && setSvg({ url, text }),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [url]);

  const drawn = svg && svg.url === url ? svg.text : null;
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      title={`QR code of ${link?.display_name ?? "the link"}`}
      footer={
        <>
          {drawn ? (
            <a
              href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`}
              download={`${fileName(link?.display_name ?? "")}-qr.svg`}
              className="inline-flex items-center justify-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              Download SVG
            </a>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {failed ? (
        <Alert>Could not draw the QR code. The address below works all the same.</Alert>
      ) : drawn ? (
        // The SVG is the qrcode package's output for our own URL: module paths only, no text from users in it.
        <div
          role="img"
          aria-label={`QR code of ${url}`}
          className="mx-auto w-64 max-w-full [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: drawn }}
        />
      ) : (
        <Spinner label="Drawing the QR code…" />
      )}
      <p className="break-all text-center font-mono text-sm text-slate-700">{url}</p>
    </Dialog>
  );
}

/** "Airport shuttle #2" -> "airport-shuttle-2" */
function fileName(displayName: string): string {
  return (
    displayName
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "tracking-link"
  );
}
