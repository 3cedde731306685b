"use client";
// The state of a live subscription as the dashboard shows it: "connecting" until the stream first opens, "live"
// while it runs, "reconnecting" once it was lost (an error, or the SSE link connecting again after having been
// live). The live map and the alerts page both subscribe; this hook keeps the one state machine, so their badges
// agree. The caller owns the subscription itself and spreads the handlers it is given into its options.
import { useEffect, useState } from "react";

export type StreamState = "connecting" | "live" | "reconnecting";

/** the subset of tRPC's subscription options this hook drives */
export interface StreamStateHandlers {
  onStarted: () => void;
  onError: () => void;
  onConnectionStateChange: (connection: { state: string }) => void;
}

/**
 * Subscribes on mount (and again when `subscribe` changes: wrap it in useCallback) and unsubscribes on unmount.
 * `subscribe` receives the handlers to put into the subscription's options; a caller that needs its own `onStarted`
 * calls the given one first.
 */
export function useSubscriptionState(subscribe: (handlers: StreamStateHandlers) => { unsubscribe: () => void }): StreamState {
  const [state, setState] = useState<StreamState>("connecting");
  useEffect(() => {
    setState("connecting");
    const subscription = subscribe({
      onStarted: () => setState("live"),
      onError: () => setState("reconnecting"),
      onConnectionStateChange: (connection) => {
        // the link connects before the first start too: only a stream that was live is reconnecting
        if (connection.state === "connecting") setState((current) => (current === "connecting" ? current : "reconnecting"));
      },
    });
    return () => subscription.unsubscribe();
  }, [subscribe]);
  return state;
}
