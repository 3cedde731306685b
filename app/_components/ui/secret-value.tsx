"use client";
// A secret shown once, read-only, with a copy button; where the clipboard is out of reach, the value is selected
// instead.
import { useEffect, useId, useRef } from "react";
import { useCopy } from "../use-copy";
import { Button } from "./button";
import { INPUT } from "./input-class";

/** Shows a secret once, with a copy button (where the clipboard is out of reach, the value is selected instead). */
export function SecretValue({ label, value }: { label: string; value: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy, reset } = useCopy();
  useEffect(() => {
    if (state !== "manual") return;
    input.current?.focus();
    input.current?.select();
  }, [state]);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={state === "manual" ? reset : undefined}
          className={`${INPUT} font-mono`}
        />
        <Button
          variant="secondary"
          title={`Copy the ${label.toLowerCase()} to the clipboard`}
          onClick={() => copy(value)}
          onBlur={state === "copied" ? reset : undefined}
        >
          {state === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      {state === "manual" ? <p className="mt-1 text-xs text-slate-600">Selected: press Ctrl+C (⌘C on a Mac) to copy.</p> : null}
    </div>
  );
}
