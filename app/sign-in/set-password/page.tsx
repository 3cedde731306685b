import type { Metadata } from "next";
import { findUserLink } from "@/server/modules/users/user-links";
import { SignInCard } from "../sign-in-card";
import { SetPasswordForm } from "./set-password-form";

export const metadata: Metadata = { title: "Choose a password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/**
 * A password link's page (docs/dashboard.md "Password links"). Opening it changes nothing (mail scanners open links);
 * the form's POST spends the link.
 */
export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const token = typeof query.token === "string" ? query.token : null;
  const link = await findUserLink(token);
  if (!link) {
    return (
      <SignInCard title="This link does not work any more">
        <p className="text-sm text-slate-700">
          It was used already, it expired, or a newer e-mail replaced it. Ask for a new one: it comes to your inbox in a minute.
        </p>
        <p className="mt-4 text-center text-sm">
          <a href="/sign-in/forgot" className="text-blue-700 underline-offset-2 hover:underline">
            Send me a new link
          </a>
        </p>
      </SignInCard>
    );
  }
  const welcome = link.purpose === "welcome";
  return (
    <SignInCard title={welcome ? `Welcome, ${link.name}` : "Choose a new password"}>
      <SetPasswordForm token={token!} email={link.email} welcome={welcome} />
    </SignInCard>
  );
}
