"use client";
// The steps every list (a page or a card) repeated around its notice line: after an action, close what it was done
// in (its dialog), say what it did and read the list again; after a refusal, say why. What "read again" covers stays
// with the list, through `refresh` (a route's cards also refresh the route, whose counts change with them).
import { useState } from "react";
import type { Notice } from "./notice-line";
import { describeError } from "./trpc";

export function useListNotice(refresh: () => Promise<unknown>) {
  const [notice, setNotice] = useState<Notice | null>(null);
  return {
    notice,
    setNotice,
    /** the action went through: close its dialog if it had one, say so, then read the list again */
    succeeded: async (text: string, close?: () => void) => {
      close?.();
      setNotice({ tone: "success", text });
      await refresh();
    },
    /** the action went through but left something for the user to do: say what, then read the list again */
    succeededWithWarning: async (text: string) => {
      setNotice({ tone: "warning", text });
      await refresh();
    },
    /** the onError of a row action (dialogs show their own): the server's reason on the line */
    failed: (error: unknown) => setNotice({ tone: "error", text: describeError(error).message }),
  };
}
