"use client";
// Who may watch a link: the four access modes, each with its one-line explanation, and the list of addresses an
// authorised-only link admits.
import { useId } from "react";
import { ACCESS_MODES } from "@/server/modules/tracking-links/tracking-links.schema";
import { FieldNote } from "../ui/field-note";
import { TextAreaField } from "../ui/text-area-field";
import { parseEmailList, type LinkFieldsProps } from "./link-form-values";
import { ACCESS_MODE_EXPLANATIONS, ACCESS_MODE_NAMES } from "./link-labels";

export function LinkAccessFields({ values, set, error }: LinkFieldsProps) {
  // ids of the error note, and of each choice's name and explanation (the name alone labels its radio button)
  const noteId = useId();
  return (
    <fieldset aria-describedby={error("accessMode") ? noteId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Who may watch</legend>
      <div className="space-y-2">
        {ACCESS_MODES.map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="accessMode"
              value={mode}
              className="mt-0.5"
              checked={values.accessMode === mode}
              onChange={() => set({ accessMode: mode })}
              aria-labelledby={`${noteId}-${mode}`}
              aria-describedby={`${noteId}-${mode}-explained`}
            />
            <span>
              <span id={`${noteId}-${mode}`} className="font-medium text-slate-900">
                {ACCESS_MODE_NAMES[mode]}
              </span>
              <span id={`${noteId}-${mode}-explained`} className="block text-slate-500">
                {ACCESS_MODE_EXPLANATIONS[mode]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldNote id={noteId} error={error("accessMode")} />
      {values.accessMode === "authorized_only" ? (
        <TextAreaField
          label="Allowed e-mail addresses"
          className="mt-3"
          rows={4}
          value={values.allowedEmails}
          onChange={(event) => set({ allowedEmails: event.target.value })}
          placeholder={"anna@example.com\nben@example.com"}
          error={emailListError(values.allowedEmails, error)}
          hint="One per line, or separated by commas"
        />
      ) : null}
    </fieldset>
  );
}

/** the list's error; an error about one address (allowedEmails.2) names that address */
function emailListError(text: string, error: (field: string) => string | undefined): string | undefined {
  const whole = error("allowedEmails");
  if (whole) return whole;
  const emails = parseEmailList(text);
  for (let index = 0; index < emails.length; index++) {
    const message = error(`allowedEmails.${index}`);
    if (message) return `${emails[index]}: ${message}`;
  }
  return undefined;
}
