"use client";
// Copying text to the clipboard. The Clipboard API exists only in secure contexts (https, localhost) and may be
// refused; then the state is "manual" and the caller shows the text selected, ready for Ctrl+C or a long press.
// "copied" lasts until the caller calls reset() (for example when its button loses focus), not for a fixed time:
// the confirmation must still be there when the user, or a screen reader, looks for it.
import { useCallback, useState } from "react";

export type CopyState = "idle" | "copied" | "manual";

export function useCopy(): { state: CopyState; copy: (text: string) => Promise<void>; reset: () => void } {
  const [state, setState] = useState<CopyState>("idle");
  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no Clipboard API here");
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("manual");
    }
  }, []);
  const reset = useCallback(() => setState("idle"), []);
  return { state, copy, reset };
}
