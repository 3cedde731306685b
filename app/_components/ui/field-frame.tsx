"use client";
// The frame every labelled control shares: the label above, the error or hint below, and the ids that tie them to
// the control (htmlFor, aria-describedby, aria-invalid), so Field, SelectField and TextAreaField differ only in the
// element they draw.
import { useId } from "react";
import { FieldNote } from "./field-note";

/** what the drawn control must carry so the label and the note are read with it */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function FieldFrame({
  label,
  error,
  hint,
  className = "",
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error || hint ? `${id}-note` : undefined })}
      <FieldNote id={`${id}-note`} error={error} hint={hint} />
    </div>
  );
}
