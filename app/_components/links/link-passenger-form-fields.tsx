"use client";
// The link's passenger form: a title and up to 10 choices a viewer can send from the link's page ("Not riding
// today", "Running late"); the team reads them on the Passenger messages page. Unticked: the link has no form.
import { useId } from "react";
import { LINK_FORM_LIMITS } from "@/server/modules/tracking-links/tracking-links.schema";
import { Field } from "../ui/field";
import { TextAreaField } from "../ui/text-area-field";
import { parseChoiceList, type LinkFieldsProps } from "./link-form-values";

const EXAMPLE_CHOICES = "Not riding today\nRunning late\nPicked up by a parent";

export function LinkPassengerFormFields({ values, set, error }: LinkFieldsProps) {
  const explanationId = useId();
  const form = values.form;
  const setForm = (changes: Partial<LinkFieldsProps["values"]["form"]>) => set({ form: { ...form, ...changes } });
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Passenger form</legend>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={form.enabled}
          onChange={(event) =>
            setForm(
              event.target.checked && form.title === "" && form.choices === ""
                ? { enabled: true, title: "Today's ride", choices: EXAMPLE_CHOICES }
                : { enabled: event.target.checked },
            )
          }
          aria-describedby={explanationId}
        />
        <span>
          <span className="font-medium">Let viewers send a message</span>
          <span id={explanationId} className="block text-slate-500">
            Viewers pick one of your choices and may add a note; you read them on the Passenger messages page.
          </span>
        </span>
      </label>
      {form.enabled ? (
        <div className="mt-3 grid grid-cols-1 gap-4">
          <Field
            label="Form title"
            value={form.title}
            maxLength={LINK_FORM_LIMITS.maxTitleLength}
            onChange={(event) => setForm({ title: event.target.value })}
            error={error("form.title") ?? error("form")}
            hint="The button viewers tap, e.g. Today's ride"
          />
          <TextAreaField
            label="Choices"
            rows={4}
            value={form.choices}
            onChange={(event) => setForm({ choices: event.target.value })}
            error={choiceListError(form.choices, error)}
            hint={`One per line, up to ${LINK_FORM_LIMITS.maxChoices}, each at most ${LINK_FORM_LIMITS.maxChoiceLength} characters`}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** the list's error; an error about one choice (form.choices.2) names that choice */
function choiceListError(text: string, error: (field: string) => string | undefined): string | undefined {
  const whole = error("form.choices");
  if (whole) return whole;
  const choices = parseChoiceList(text);
  for (let index = 0; index < choices.length; index++) {
    const message = error(`form.choices.${index}`);
    if (message) return `"${choices[index]}": ${message}`;
  }
  return undefined;
}
