"use client";
// The link's passenger form on the passenger page: a button named by the form's title opens its choices and a
// message field; sending shows what the team received. Only with a viewer session (the form's endpoints need one),
// and only when the link has a form (GET form answers 404 otherwise, and nothing is shown).
import { useEffect, useId, useRef, useState } from "react";
import type { PublicLinkForm } from "@/server/modules/link-forms/link-forms.schema";
import { LINK_FORM_LIMITS } from "@/server/modules/tracking-links/tracking-links.schema";
import { INPUT, LINK_BUTTON } from "./access-gate-client";
import type { BrandColors } from "./brand-colors";
import { formatWait } from "./passenger-format";
import { fetchLinkForm, submitLinkForm } from "./passenger-requests-api";
import type { ApiAnswer } from "./public-tracking-api";

type Stage =
  | { name: "closed" }
  | { name: "open"; busy: boolean; error: string | null }
  | { name: "sent"; choice: string; message: string | null };

const BRAND_BUTTON =
  "flex min-h-11 w-full items-center justify-center rounded-lg px-4 text-base font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70";

export function LinkFormPanel({ uuid, token, colors }: { uuid: string; token: string; colors: BrandColors }) {
  const [form, setForm] = useState<PublicLinkForm | null>(null);
  const [stage, setStage] = useState<Stage>({ name: "closed" });
  const [choice, setChoice] = useState("");
  const [message, setMessage] = useState("");
  const ids = { panel: useId(), message: useId(), error: useId(), sent: useId() };
  const firstChoice = useRef<HTMLInputElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    void fetchLinkForm(uuid, token).then((answer) => {
      if (current) setForm(answer.ok ? answer.data : null);
    });
    return () => {
      current = false;
    };
  }, [uuid, token]);

  useEffect(() => {
    if (stage.name === "open" && !stage.busy && !stage.error) firstChoice.current?.focus();
    if (stage.name === "sent") sentHeading.current?.focus();
  }, [stage]);

  if (!form) return null;

  async function send() {
    if (!choice) return setStage({ name: "open", busy: false, error: "Choose one of the options." });
    setStage({ name: "open", busy: true, error: null });
    const answer = await submitLinkForm(uuid, token, { choice, ...(message.trim() && { message: message.trim() }) });
    if (answer.ok) {
      setChoice("");
      setMessage("");
      return setStage({ name: "sent", choice: answer.data.choice, message: answer.data.message });
    }
    setStage({ name: "open", busy: false, error: refusal(answer) });
  }

  return (
    <section aria-labelledby={ids.panel} className="mt-4 border-t border-slate-200 pt-3" data-testid="link-form">
      <h2 id={ids.panel} className="sr-only">
        {form.title}
      </h2>
      {stage.name === "closed" ? (
        <button
          type="button"
          aria-expanded={false}
          className={`${BRAND_BUTTON} bg-white text-slate-900 ring-1 ring-inset ring-slate-400`}
          onClick={() => setStage({ name: "open", busy: false, error: null })}
        >
          {form.title}
        </button>
      ) : null}

      {stage.name === "sent" ? (
        <div className="rounded-lg bg-green-50 p-3 text-sm text-green-950 ring-1 ring-green-300">
          <h3 ref={sentHeading} tabIndex={-1} className="font-semibold focus:outline-none" id={ids.sent}>
            Sent: {stage.choice}
          </h3>
          <p role="status" className="mt-1">
            {stage.message ? "The team has your message and your note." : "The team has your message."}
          </p>
          <button type="button" className={LINK_BUTTON} onClick={() => setStage({ name: "open", busy: false, error: null })}>
            Send another
          </button>
        </div>
      ) : null}

      {stage.name === "open" ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <fieldset aria-describedby={stage.error ? ids.error : undefined}>
            <legend className="mb-2 text-base font-semibold text-slate-900">{form.title}</legend>
            <div className="grid gap-2">
              {form.choices.map((option, index) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base text-slate-900 ring-1 ring-inset ring-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-slate-900"
                >
                  <input
                    ref={index === 0 ? firstChoice : undefined}
                    type="radio"
                    name="choice"
                    value={option}
                    checked={choice === option}
                    onChange={() => setChoice(option)}
                    className="h-5 w-5"
                  />
                  {option}
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={ids.message} className="mb-1 mt-3 block text-sm font-medium text-slate-900">
            Message <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={ids.message}
            rows={3}
            maxLength={LINK_FORM_LIMITS.maxMessageLength}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className={`${INPUT} py-2`}
          />
          {stage.error ? (
            <p id={ids.error} role="alert" className="mt-2 text-sm text-red-800">
              {stage.error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={stage.busy}
            aria-busy={stage.busy || undefined}
            className={`${BRAND_BUTTON} mt-4`}
            style={{ backgroundColor: colors.background, color: colors.foreground }}
          >
            {stage.busy ? "Sending…" : "Send"}
          </button>
          <button type="button" className={`${LINK_BUTTON} mt-2`} disabled={stage.busy} onClick={() => setStage({ name: "closed" })}>
            Cancel
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** the refusal in words a passenger can act on */
function refusal(answer: Extract<ApiAnswer<unknown>, { ok: false }>): string {
  if (answer.status === 429) return `You have sent several messages. Please wait ${formatWait(answer.retryAfterS ?? 60)} and try again.`;
  if (answer.status === 401) return "Your viewing session has ended. Reload the page to send a message.";
  return answer.message;
}
