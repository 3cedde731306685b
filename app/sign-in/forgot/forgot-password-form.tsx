"use client";
// "Forgot password?": one field. Every well-formed address gets the same answer (request-password-reset.ts), so
// the page says what will happen if the address is known, never whether it is.
import { useState } from "react";
import { Alert } from "../../_components/ui/alert";
import { Button } from "../../_components/ui/button";
import { Field } from "../../_components/ui/field";
import { postJson } from "../post-json";

export function ForgotPasswordForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setError(null);
    setEmailError(undefined);
    if (!email) {
      setEmailError("Enter the e-mail address you sign in with.");
      return;
    }
    setBusy(true);
    const answer = await postJson("/sign-in/forgot/request", { email });
    setBusy(false);
    if (answer.status === 202) setDone(answer.message);
    else if (answer.fieldErrors.email) setEmailError(`This ${answer.fieldErrors.email}.`);
    else if (answer.status === 429) setError("Too many requests for a new password. Wait a while and try again.");
    else setError(answer.message ?? `The server answered ${answer.status}.`);
  }

  if (done) return <Alert tone="success">{done}</Alert>;
  return (
    <form onSubmit={submit} method="post" noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Enter the e-mail address you sign in with. We'll send a link to choose a new password.</p>
      <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus error={emailError} />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" busy={busy} className="w-full">
        Send the link
      </Button>
    </form>
  );
}
