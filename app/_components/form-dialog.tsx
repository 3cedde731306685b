"use client";
// The dialog every add/edit form of the dashboard uses: the form in the body, Cancel and the submit button in the
// footer (bound to the form by id, since the footer sits outside it), and the server's refusal under the form.
// Validation is the server's: field errors are shown by the caller under each field, so here they only earn a
// pointer to them; a refusal that names no field is shown whole.
import { useId } from "react";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";

export interface FormFailure {
  message: string;
  fields: Record<string, string>;
}

export function FormDialog({
  title,
  submitLabel,
  busy,
  submitDisabled = false,
  failure,
  wide = false,
  formClassName = "grid grid-cols-1 gap-4 sm:grid-cols-2",
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** the form cannot be sent yet (say, a choice it needs is still loading) */
  submitDisabled?: boolean;
  /** describeError(mutation.error), or null */
  failure: FormFailure | null;
  /** for long forms: a wider dialog on large screens */
  wide?: boolean;
  formClassName?: string;
  /** runs the mutation; a rejection is not rethrown, because the caller shows it through `failure` */
  onSubmit: (form: FormData) => Promise<unknown>;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const formId = useId();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await onSubmit(new FormData(event.currentTarget));
    } catch {
      // the mutation's error, shown from `failure`
    }
  }

  const fieldCount = failure ? Object.keys(failure.fields).length : 0;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      wide={wide}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={formClassName}>
        {children}
      </form>
      {failure ? <Alert>{fieldCount > 0 ? "Check the highlighted fields." : failure.message}</Alert> : null}
    </Dialog>
  );
}
