"use client";
// A labelled text input with its error or hint underneath, tied together by id so the label and the note are read
// with the input.
import { FieldFrame } from "./field-frame";
import { INPUT } from "./input-class";

export function Field({
  label,
  error,
  hint,
  className = "",
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, ...described }) => <input id={id} {...props} {...described} className={INPUT} />}
    </FieldFrame>
  );
}
