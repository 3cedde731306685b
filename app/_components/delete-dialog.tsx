"use client";
// The confirmation before a row of a list is deleted (or removed, revoked): open while a row is chosen, the
// mutation's progress on the button and its refusal under the text. One place for the wiring that every list page
// repeated, so a delete reads the same everywhere; the wording stays with the caller, since only it knows what goes.
import { useState } from "react";
import { describeError } from "./trpc";
import { ConfirmDialog } from "./ui/confirm-dialog";

/** the part of a react-query mutation the dialog reads */
export interface DeleteMutation {
  isPending: boolean;
  error: unknown;
}

/**
 * The row a list is about to delete, for DeleteDialog's `target`. `choose` forgets the refusal of an earlier attempt
 * (the mutation's error) before the dialog opens for the new row; `close` shuts the dialog.
 */
export function useDeleteTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    choose: (row: T, mutation: { reset: () => void }) => {
      mutation.reset();
      setTarget(row);
    },
    close: () => setTarget(null),
  };
}

export function DeleteDialog<T>({
  target,
  title,
  confirmLabel,
  mutation,
  onConfirm,
  onClose,
  children,
}: {
  /** the row to delete; null keeps the dialog closed */
  target: T | null;
  title: string;
  confirmLabel: string;
  mutation: DeleteMutation;
  onConfirm: (target: T) => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      error={mutation.error ? describeError(mutation.error).message : null}
      onClose={onClose}
      onConfirm={() => {
        if (target !== null) onConfirm(target);
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
