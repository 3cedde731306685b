"use client";
// "Request access" on the gate of an authorised-only link. Verify never says whether an address is on the list (no
// code simply arrives for one that is not), so the offer stays in view on both steps of the gate, worded for each:
// a viewer who is not invited asks the team with their address, a name and a note, and sees that the request went
// out. The server answers every request alike (docs/public-tracking.md, "Access requests").
import { useEffect, useId, useRef, useState } from "react";
import { ACCESS_REQUEST_LIMITS } from "@/server/modules/access-requests/access-requests.schema";
import { INPUT, LINK_BUTTON } from "./access-gate-client";
import type { BrandColors } from "./brand-colors";
import { formatWait } from "./passenger-format";
import { requestAccess } from "./passenger-requests-api";

type Stage = { name: "offer" } | { name: "form"; busy: boolean; error: string | null } | { name: "sent"; email: string; message: string };

const LABEL = "mb-1 block text-sm font-medium text-slate-900";

export function AccessRequest({ uuid, gateStep, gateEmail, colors }: { uuid: string; gateStep: "email" | "code"; gateEmail: string; colors: BrandColors }) {
  const [stage, setStage] = useState<Stage>({ name: "offer" });
  const [email, setEmail] = useState(gateEmail);
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  const ids = { title: useId(), email: useId(), name: useId(), note: useId(), error: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const firstField = useRef<HTMLInputElement>(null);

  // the address typed at the gate is the one to ask for, until the viewer changes it here
  useEffect(() => setEmail((current) => (stage.name === "offer" ? gateEmail : current)), [gateEmail, stage.name]);
  // opening the form moves to its first field; a sent request moves to its confirmation
  useEffect(() => {
    if (stage.name === "form" && !stage.busy && !stage.error) firstField.current?.focus();
    if (stage.name === "sent") heading.current?.focus();
  }, [stage]);

  if (stage.name === "offer") {
    return (
      <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-700">
        {gateStep === "code" ? "No code after a few minutes? Your address may not be on the list. " : "Not on the list? "}
        <button type="button" className={LINK_BUTTON} onClick={() => setStage({ name: "form", busy: false, error: null })}>
          Request access
        </button>
      </p>
    );
  }

  if (stage.name === "sent") {
    return (
      <section className="mt-4 rounded-lg bg-green-50 p-3 text-sm text-green-950 ring-1 ring-green-300" aria-labelledby={ids.title}>
        <h2 id={ids.title} ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
          Request sent
        </h2>
        <p role="status" className="mt-1">
          {stage.message} We will write to {stage.email}.
        </p>
      </section>
    );
  }

  async function submit() {
    setStage({ name: "form", busy: true, error: null });
    const answer = await requestAccess(uuid, {
      email: email.trim(),
      ...(name.trim() && { name: name.trim() }),
      ...(note.trim() && { message: note.trim() }),
    });
    if (answer.ok) return setStage({ name: "sent", email: email.trim(), message: answer.data.message });
    const error =
      answer.status === 429
        ? `Too many requests. Please wait ${formatWait(answer.retryAfterS ?? 60)} and try again.`
        : answer.message;
    setStage({ name: "form", busy: false, error });
  }

  const error = stage.error;
  return (
    <form
      noValidate
      className="mt-4 border-t border-slate-200 pt-3"
      aria-labelledby={ids.title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={ids.title} className="text-base font-semibold text-slate-900">
        Request access
      </h2>
      <p className="mb-3 text-sm text-slate-700">The team decides. If they approve, you get an e-mail with the link.</p>
      <label htmlFor={ids.email} className={LABEL}>
        Your e-mail address
      </label>
      <input
        ref={firstField}
        id={ids.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        className={INPUT}
      />
      <label htmlFor={ids.name} className={`${LABEL} mt-3`}>
        Your name <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <input
        id={ids.name}
        type="text"
        autoComplete="name"
        maxLength={ACCESS_REQUEST_LIMITS.maxNameLength}
        value={name}
        onChange={(event) => setName(event.target.value)}
        className={INPUT}
      />
      <label htmlFor={ids.note} className={`${LABEL} mt-3`}>
        Message to the team <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <textarea
        id={ids.note}
        rows={3}
        maxLength={ACCESS_REQUEST_LIMITS.maxMessageLength}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder="For example: I am Mia's father."
        className={`${INPUT} py-2`}
      />
      {error ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={stage.busy}
        aria-busy={stage.busy || undefined}
        className="mt-4 flex min-h-11 w-full items-center justify-center rounded-lg px-4 text-base font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70"
        style={{ backgroundColor: colors.background, color: colors.foreground }}
      >
        {stage.busy ? "Please wait…" : "Send request"}
      </button>
      <button type="button" className={`${LINK_BUTTON} mt-2`} disabled={stage.busy} onClick={() => setStage({ name: "offer" })}>
        Cancel
      </button>
    </form>
  );
}
