"use client";
// The steps every list (a page or a card) repeated around its notice line: after an action, say what it did and read
// the list again; after a dialog saved, close it first; after a refusal, say why. What "read again" covers stays with
// the list, through `refresh` (a route's cards also refresh the route, whose counts change with them).
import { useState } from "react";
import type { Notice } from "./notice-line";
import { describeError } from "./trpc";

export function useListNotice(refresh: () => Promise<unknown>) {
  const [notice, setNotice] = useState<Notice | null>(null);

  /** the action went through: say so, then read the list again */
  async function succeeded(text: string) {
    setNotice({ tone: "success", text });
    await refresh();
  }

  return {
    notice,
    setNotice,
    succeeded,
    /** the onSaved of a list's dialog: close the dialog, then as `succeeded` */
    closeAndSucceed: (close: () => void) => async (text: string) => {
      close();
      await succeeded(text);
    },
    /** the onError of a row action (the dialogs show their own): the server's reason on the line */
    failed: (error: unknown) => setNotice({ tone: "error", text: describeError(error).message }),
  };
}
