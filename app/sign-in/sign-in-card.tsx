// The frame of the pages a person meets before signing in (sign-in, forgot password, choose a password): the logo
// and one card with a heading.
export function SignInCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2">
          <img src="/icon.svg" alt="" width={36} height={36} />
          <span className="text-2xl font-semibold tracking-tight text-blue-900">Fleetline</span>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h1 className="mb-4 text-lg font-semibold">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
