"use client";
// Choosing a password from a mailed link: typed twice, checked here for the two matching and by the server for the
// rules; then on to sign-in with a note.
import { useState } from "react";
import { PASSWORD_MIN_LENGTH } from "@/server/modules/users/users.schema";
import { Alert } from "../../_components/ui/alert";
import { Button } from "../../_components/ui/button";
import { Field } from "../../_components/ui/field";
import { postJson } from "../post-json";

export function SetPasswordForm({ token, email, welcome }: { token: string; email: string; welcome: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const repeat = String(form.get("repeat") ?? "");
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
    if (repeat !== password) found.repeat = "The two passwords differ.";
    setErrors(found);
    setError(null);
    if (found.password || found.repeat) return;
    setBusy(true);
    const answer = await postJson("/sign-in/set-password/submit", { token, password });
    if (answer.status === 200) {
      window.location.assign(`/sign-in?note=${welcome ? "password-chosen" : "password-reset"}`);
      return;
    }
    setBusy(false);
    if (answer.fieldErrors.password) setErrors({ password: `The password ${answer.fieldErrors.password}.` });
    else if (answer.status === 429) setError("Too many tries. Wait a minute and try again.");
    else setError(answer.message ?? `The server answered ${answer.status}.`);
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {welcome ? "Choose the password you will sign in with" : "Choose a new password"} for <strong>{email}</strong>.
        {welcome ? null : " Every browser and device signed in with the old one is signed out."}
      </p>
      {/* lets password managers save the pair */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <Field label="Password" name="password" type="password" autoComplete="new-password" required autoFocus error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} />
      <Field label="The same password again" name="repeat" type="password" autoComplete="new-password" required error={errors.repeat} />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" busy={busy} className="w-full">
        {welcome ? "Set my password" : "Set the new password"}
      </Button>
    </form>
  );
}
