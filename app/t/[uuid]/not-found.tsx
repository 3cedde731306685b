// An unknown tracking link (404): neutral, with no company's branding (there is no link to take it from) and no way
// into the dashboard, which a passenger has no use for.
export default function TrackingLinkNotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center" data-testid="link-not-found">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Link not found</h1>
      <p className="max-w-sm text-base text-slate-700">
        This tracking link does not exist or has been removed. Check the address in the message you received, or ask
        whoever sent it to you for a new one.
      </p>
    </main>
  );
}
