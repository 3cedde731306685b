"use client";
import { signIn } from "next-auth/react";
import { useState, useSyncExternalStore } from "react";
import { SIGN_IN_RATE_LIMITED } from "@/server/auth/sign-in-rate-limited";
import { Alert } from "../_components/ui/alert";
import { Button } from "../_components/ui/button";
import { Field } from "../_components/ui/field";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until the page is hydrated a click would submit the form natively, a reload that loses what was typed; the
  // button waits for the script instead (and method="post" keeps a password out of the address even then).
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError("Enter your e-mail address and password.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email, password, callbackUrl, redirect: false });
      if (result?.error === SIGN_IN_RATE_LIMITED) {
        setError("Too many sign-in attempts. Wait a minute and try again.");
        setBusy(false);
        return;
      }
      if (!result || result.error || !result.ok) {
        setError("That e-mail and password do not match an account.");
        setBusy(false);
        return;
      }
      // A full navigation, so server components render with the new session cookie.
      window.location.assign(callbackUrl);
    } catch {
      setError("Could not reach the server. Try again.");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} method="post" noValidate className="space-y-4">
      <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" busy={busy} disabled={!hydrated} className="w-full">
        Sign in
      </Button>
    </form>
  );
}

function subscribeToNothing(): () => void {
  return () => {};
}
