"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Alert, Button, Field } from "../_components/ui";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" busy={busy} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
