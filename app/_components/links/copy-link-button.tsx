"use client";
// Copies a link's address. Where the browser gives no clipboard (plain http on a LAN address, permission refused)
// the address appears selected in a field instead, ready for Ctrl+C or a long press. The address may be fetched on
// the click (a passenger's own link is made the first time it is asked for); a failure to fetch it is shown under it.
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../ui/button";
import { useCopy } from "../use-copy";

export function CopyLinkButton({ url, name }: { url: string | (() => Promise<string>); name: string }) {
  const { state, copy, reset } = useCopy();
  const [fetched, setFetched] = useState<string | null>(typeof url === "string" ? url : null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  async function onCopy() {
    if (typeof url === "string") return copy(url);
    setBusy(true);
    setFailure(null);
    try {
      const address = fetched ?? (await url());
      setFetched(address);
      await copy(address);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "The link could not be made; try again.");
    } finally {
      setBusy(false);
    }
  }
  useEffect(() => {
    if (state !== "manual") return;
    field.current?.focus();
    field.current?.select();
  }, [state]);

  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="ghost" aria-label={`Copy link of ${name}`} busy={busy} onClick={() => void onCopy()} onBlur={state === "copied" ? reset : undefined}>
        {state === "copied" ? "Copied" : "Copy link"}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? `Copied the link of ${name}.` : ""}
      </span>
      {failure ? <span className="max-w-60 text-xs text-red-800">{failure}</span> : null}
      {state === "manual" ? (
        <span className="flex w-60 flex-col gap-1 text-left sm:w-72">
          <label htmlFor={fieldId} className="text-xs text-slate-600">
            Link of {name}, selected: press Ctrl+C (⌘C on a Mac) to copy
          </label>
          <input
            id={fieldId}
            ref={field}
            readOnly
            value={fetched ?? ""}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={reset}
            className="w-full rounded-md border-0 px-2 py-1 font-mono text-xs ring-1 ring-inset ring-slate-300"
          />
        </span>
      ) : null}
    </span>
  );
}
