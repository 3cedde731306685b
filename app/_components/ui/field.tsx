"use client";
// A labelled text input with its error or hint underneath, tied together by id so the label and the note are read
// with the input.
import { useId } from "react";
import { FieldNote } from "./field-note";
import { INPUT } from "./input-class";

export function Field({
  label,
  error,
  hint,
  className = "",
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className={INPUT}
      />
      <FieldNote id={`${id}-note`} error={error} hint={hint} />
    </div>
  );
}
