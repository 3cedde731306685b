"use client";
// A labelled multi-line input with its error or hint underneath, the same shape as Field.
import { FieldFrame } from "./field-frame";
import { INPUT } from "./input-class";

export function TextAreaField({
  label,
  error,
  hint,
  className = "",
  ...props
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, ...described }) => <textarea id={id} {...props} {...described} className={INPUT} />}
    </FieldFrame>
  );
}
