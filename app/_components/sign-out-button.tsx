"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "./ui/button";

/** Ends the session and goes to the sign-in page (navigated here: next-auth does not know our public address). */
export function SignOutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className={className}
      busy={busy}
      onClick={async () => {
        setBusy(true);
        await signOut({ redirect: false });
        window.location.assign("/sign-in");
      }}
    >
      Sign out
    </Button>
  );
}
