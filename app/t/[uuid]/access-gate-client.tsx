"use client";
// The gate of links that are not public: the viewer's e-mail address (email), then a 6-digit code sent to it
// (email_code, authorized_only). The server decides and words every refusal; the form shows its message under the
// field, where a screen reader hears it at once (role="alert").
import { useEffect, useId, useRef, useState } from "react";
import type { AccessMode } from "@/server/modules/tracking-links/tracking-links.schema";
import type { BrandColors } from "./brand-colors";
import type { GateState } from "./passenger-tracker";

const INTRO: Record<Exclude<AccessMode, "public">, string> = {
  email: "Enter your e-mail address to follow the vehicle.",
  email_code: "Enter your e-mail address and we will send you a 6-digit code to open the tracking.",
  authorized_only: "This link is for invited people. Enter your e-mail address: if it is on the list, we will send you a 6-digit code.",
};

export const INPUT =
  "block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-slate-900 aria-[invalid=true]:border-red-700";
export const LINK_BUTTON =
  "min-h-11 px-1 text-sm font-medium text-slate-800 underline underline-offset-2 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:text-slate-500";

export function AccessGate({
  mode,
  gate,
  colors,
  onEmail,
  onCode,
  onResend,
  onChangeEmail,
}: {
  mode: Exclude<AccessMode, "public">;
  gate: GateState;
  colors: BrandColors;
  onEmail: (email: string) => void;
  onCode: (code: string) => void;
  onResend: () => void;
  onChangeEmail: () => void;
}) {
  const [email, setEmail] = useState(gate.email);
  const [code, setCode] = useState("");
  const emailId = useId();
  const codeId = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  // moving between the steps moves the focus with it (the field that now matters)
  const step = gate.step;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (step === "code") {
      setCode("");
      codeInput.current?.focus();
    } else emailInput.current?.focus();
  }, [step]);

  const button = {
    className:
      "mt-4 flex min-h-11 w-full items-center justify-center rounded-lg px-4 text-base font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70",
    style: { backgroundColor: colors.background, color: colors.foreground },
  };

  if (step === "email") {
    const errorId = `${emailId}-error`;
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onEmail(email);
        }}
      >
        {gate.reason ? <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">{gate.reason}</p> : null}
        <p className="mb-4 text-sm text-slate-700">{INTRO[mode]}</p>
        <label htmlFor={emailId} className="mb-1 block text-sm font-medium text-slate-900">
          Your e-mail address
        </label>
        <input
          ref={emailInput}
          id={emailId}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={gate.error ? true : undefined}
          aria-describedby={gate.error ? errorId : undefined}
          className={INPUT}
        />
        {gate.error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
            {gate.error}
          </p>
        ) : null}
        <button type="submit" disabled={gate.busy} aria-busy={gate.busy || undefined} {...button}>
          {gate.busy ? "Please wait…" : mode === "email" ? "Continue" : "Send me a code"}
        </button>
      </form>
    );
  }

  const errorId = `${codeId}-error`;
  const hintId = `${codeId}-hint`;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onCode(code);
      }}
    >
      <p id={hintId} role="status" className="mb-4 text-sm text-slate-700">
        {gate.sent ?? `A 6-digit code is on its way to ${gate.email}.`} If it does not arrive, look in the spam folder.
      </p>
      <label htmlFor={codeId} className="mb-1 block text-sm font-medium text-slate-900">
        6-digit code
      </label>
      <input
        ref={codeInput}
        id={codeId}
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
        aria-invalid={gate.error ? true : undefined}
        aria-describedby={gate.error ? `${errorId} ${hintId}` : hintId}
        className={`${INPUT} tracking-[0.4em]`}
      />
      {gate.error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
          {gate.error}
        </p>
      ) : null}
      <button type="submit" disabled={gate.busy} aria-busy={gate.busy || undefined} {...button}>
        {gate.busy ? "Please wait…" : "Open the tracking"}
      </button>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4">
        <button type="button" onClick={onResend} disabled={gate.busy} className={LINK_BUTTON}>
          Send a new code
        </button>
        <button type="button" onClick={onChangeEmail} disabled={gate.busy} className={LINK_BUTTON}>
          Use another address
        </button>
      </div>
    </form>
  );
}
