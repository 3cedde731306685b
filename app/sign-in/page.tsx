import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackPath } from "@/server/auth/auth-options";
import { getSessionUser } from "@/server/auth/session";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

/** Why the person is here again, when the dashboard sent them (`?note=`); unknown notes show nothing. */
const NOTES: Record<string, string> = {
  "password-changed": "Your password was changed and you were signed out everywhere. Sign in with the new password.",
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
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2">
          <img src="/icon.svg" alt="" width={36} height={36} />
          <span className="text-2xl font-semibold tracking-tight text-blue-900">Fleetline</span>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h1 className="mb-4 text-lg font-semibold">Sign in to your fleet</h1>
          {note ? (
            <p role="status" className="mb-4 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-800 ring-1 ring-inset ring-blue-200">
              {note}
            </p>
          ) : null}
          <SignInForm callbackUrl={callbackUrl} />
        </div>
      </div>
    </main>
  );
}
