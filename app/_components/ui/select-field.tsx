"use client";
// A labelled select with its error or hint underneath, the same shape as Field.
import { FieldFrame } from "./field-frame";
import { INPUT } from "./input-class";

export function SelectField({
  label,
  error,
  hint,
  options,
  className = "",
  ...props
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {({ id, ...described }) => (
        <select id={id} {...props} {...described} className={`${INPUT} bg-white`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
