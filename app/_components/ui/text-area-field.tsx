"use client";
// A labelled multi-line input with its error or hint underneath, the same shape as Field.
import { useId } from "react";
import { FieldNote } from "./field-note";
import { INPUT } from "./input-class";

export function TextAreaField({
  label,
  error,
  hint,
  className = "",
  ...props
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
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
