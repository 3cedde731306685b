// What the page says about its live subscription: the one wording of the three states, as a pill over a map or as
// plain text in a card header. role="status" so a screen reader hears the stream drop and come back.
import type { StreamState } from "./use-subscription-state";

const LABELS: Record<StreamState, string> = {
  live: "Live",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
};

export function StreamBadge({ state, variant = "pill" }: { state: StreamState; variant?: "pill" | "text" }) {
  if (variant === "text") {
    return (
      <span role="status" className="text-xs text-slate-500">
        {LABELS[state]}
      </span>
    );
  }
  const tone = state === "live" ? "bg-green-600" : "bg-amber-500";
  return (
    <span role="status" className="inline-flex items-center gap-1.5 rounded-full bg-white/95 px-2.5 py-1 text-xs font-medium text-slate-700 shadow">
      <span aria-hidden className={`h-2 w-2 rounded-full ${tone}`} />
      {LABELS[state]}
    </span>
  );
}
