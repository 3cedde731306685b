import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackPath } from "@/server/auth/auth-options";
import { getSessionUser } from "@/server/auth/session";
import { SignInCard } from "./sign-in-card";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

/** Why the person is here again, when the dashboard sent them (`?note=`); unknown notes show nothing. */
const NOTES: Record<string, string> = {
  "password-changed": "Your password was changed and you were signed out everywhere. Sign in with the new password.",
  "password-reset": "Your new password is set and you were signed out everywhere. Sign in with it.",
  "password-chosen": "Your password is set. Sign in with your e-mail address and it.",
  "signed-out-everywhere": "You were signed out on every browser and device.",
};
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const requested = typeof query.callbackUrl === "string" ? query.callbackUrl : null;
  const callbackUrl = safeCallbackPath(requested) ?? "/";
  if (await getSessionUser()) redirect(callbackUrl);
  const note = typeof query.note === "string" && Object.hasOwn(NOTES, query.note) ? NOTES[query.note] : undefined;
  return (
    <SignInCard title="Sign in to your fleet">
      {note ? (
        <p role="status" className="mb-4 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-800 ring-1 ring-inset ring-blue-200">
          {note}
        </p>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} />
      <p className="mt-4 text-center text-sm">
        <a href="/sign-in/forgot" className="text-blue-700 underline-offset-2 hover:underline">
          Forgot password?
        </a>
      </p>
    </SignInCard>
  );
}
