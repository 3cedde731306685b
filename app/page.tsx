// "/": the first account's dashboard for a signed-in user, the sign-in page otherwise.
import { redirect } from "next/navigation";
import { getSessionUser } from "@/server/auth/session";
import { listUserAccounts } from "@/server/modules/users/list-user-accounts";
import { InvitationsBanner } from "./_components/invitations-banner";
import { SignOutButton } from "./_components/sign-out-button";
import { TrpcProvider } from "./_components/trpc";

export const dynamic = "force-dynamic";

export default async function Home() {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const accounts = await listUserAccounts({ userId: user.id });
  const first = accounts[0];
  if (first) redirect(`/a/${first.key}/dashboard`);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <TrpcProvider>
        <InvitationsBanner />
      </TrpcProvider>
      <h1 className="text-2xl font-semibold">No account yet</h1>
      <p className="text-sm text-slate-600">
        You are signed in as {user.email}, but you are not a member of any account. Ask an administrator of your
        fleet to add you (an invitation appears above, to accept), or create an account with <code className="rounded bg-slate-100 px-1">npm run fleet -- account create --name &quot;My fleet&quot;</code>.
      </p>
      <div>
        <SignOutButton />
      </div>
    </main>
  );
}
