"use client";
// The driver form: name, e-mail and phone. A phone with its country code is kept in international form; one
// without is kept as written. Edits send only what changed.
import { useMutation } from "@tanstack/react-query";
import type { DriverDto } from "@/server/modules/drivers/drivers.schema";
import { FormDialog } from "../../../_components/form-dialog";
import { changedFields, formText } from "../../../_components/transport/form-values";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Field } from "../../../_components/ui/field";

export function DriverDialog({
  accountKey,
  driver,
  onClose,
  onSaved,
}: {
  accountKey: string;
  /** null: a new driver */
  driver: DriverDto | null;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.drivers.create.mutationOptions());
  const update = useMutation(trpc.drivers.update.mutationOptions());
  const mutation = driver ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;

  async function submit(form: FormData) {
    const body = { name: formText(form, "name"), email: formText(form, "email"), phone: formText(form, "phone") };
    if (driver) {
      await update.mutateAsync({ accountKey, driverId: driver.id, body: changedFields(body, initialValues(driver)) });
      await onSaved(`Saved ${body.name}.`);
    } else {
      await create.mutateAsync({ accountKey, body });
      await onSaved(`Added ${body.name}.`);
    }
  }

  const initial = driver ? initialValues(driver) : null;
  return (
    <FormDialog
      title={driver ? `Edit ${driver.name}` : "Add driver"}
      submitLabel={driver ? "Save changes" : "Add driver"}
      busy={mutation.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" name="name" required defaultValue={initial?.name} error={failure?.fields.name} className="sm:col-span-2" />
      <Field label="E-mail" name="email" type="email" defaultValue={initial?.email} error={failure?.fields.email} />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        defaultValue={initial?.phone}
        error={failure?.fields.phone}
        hint="With the country code: +370 600 12345"
      />
    </FormDialog>
  );
}

function initialValues(driver: DriverDto) {
  return { name: driver.name, email: driver.email ?? "", phone: driver.phone ?? "" };
}
