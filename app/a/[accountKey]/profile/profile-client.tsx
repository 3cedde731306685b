"use client";
// The signed-in person's own security: change the password, or sign out on every browser and device. Both end every
// session of the user, this one included, so both finish on the sign-in page with a note saying why.
import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";

/** Clears this browser's cookie too (the server already refuses it) and shows the sign-in page with `note`. */
async function toSignIn(note: "password-changed" | "signed-out-everywhere") {
  await signOut({ redirect: false });
  window.location.assign(`/sign-in?note=${note}`);
}

export function ProfileClient({ name, email }: { name: string; email: string }) {
  const trpc = useTRPC();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation(trpc.profile.changePassword.mutationOptions({ onSuccess: () => toSignIn("password-changed") }));
  const everywhere = useMutation(trpc.profile.signOutEverywhere.mutationOptions({ onSuccess: () => toSignIn("signed-out-everywhere") }));
  const failure = change.error ? describeError(change.error) : null;

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMismatch(next !== repeat);
    if (next !== repeat) return;
    change.mutate({ currentPassword: current, newPassword: next });
  }

  return (
    <>
      <PageHeader title="Your profile" description={`${name} · ${email}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <form onSubmit={submit} noValidate>
          <Card title="Change password">
            <div className="space-y-4">
              <Field
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(event) => setCurrent(event.target.value)}
                error={failure?.fields.currentPassword}
                required
              />
              <Field
                label="New password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(event) => setNext(event.target.value)}
                error={failure?.fields.newPassword}
                hint="At least 8 characters."
                required
              />
              <Field
                label="Repeat the new password"
                name="repeatPassword"
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.target.value)}
                error={mismatch ? "does not match the new password" : undefined}
                required
              />
              {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
              <p className="text-sm text-slate-600">Changing it signs you out everywhere, here too; then sign in with the new password.</p>
              <Button type="submit" busy={change.isPending}>
                Change password
              </Button>
            </div>
          </Card>
        </form>
        <Card title="Sessions">
          <p className="text-sm text-slate-600">
            Signed in on a computer you no longer use, or lost a phone? Sign out on every browser and device, this one
            included.
          </p>
          {everywhere.error ? <Alert tone="error">{describeError(everywhere.error).message}</Alert> : null}
          <Button variant="secondary" className="mt-4" busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
            Sign out everywhere
          </Button>
        </Card>
      </div>
    </>
  );
}
