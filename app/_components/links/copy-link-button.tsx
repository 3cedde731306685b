"use client";
// Copies a link's address. Where the browser gives no clipboard (plain http on a LAN address, permission refused)
// the address appears selected in a field instead, ready for Ctrl+C or a long press.
import { useEffect, useId, useRef } from "react";
import { Button } from "../ui";
import { useCopy } from "../use-copy";

export function CopyLinkButton({ url, name }: { url: string; name: string }) {
  const { state, copy, reset } = useCopy();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  useEffect(() => {
    if (state !== "manual") return;
    field.current?.focus();
    field.current?.select();
  }, [state]);

  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="ghost" aria-label={`Copy link of ${name}`} onClick={() => copy(url)} onBlur={state === "copied" ? reset : undefined}>
        {state === "copied" ? "Copied" : "Copy link"}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? `Copied the link of ${name}.` : ""}
      </span>
      {state === "manual" ? (
        <span className="flex w-60 flex-col gap-1 text-left sm:w-72">
          <label htmlFor={fieldId} className="text-xs text-slate-600">
            Link of {name}, selected: press Ctrl+C (⌘C on a Mac) to copy
          </label>
          <input
            id={fieldId}
            ref={field}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={reset}
            className="w-full rounded-md border-0 px-2 py-1 font-mono text-xs ring-1 ring-inset ring-slate-300"
          />
        </span>
      ) : null}
    </span>
  );
}
