"use client";
// The line under a control: its error (red) or its hint.

/** The error (red) or hint under a control; also for groups of checkboxes, which have no single field. */
export function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={id} className="mt-1 text-sm text-red-600">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    );
  }
  return null;
}
