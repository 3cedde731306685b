"use client";
// The passenger form: name, external id, contact (name, phone, e-mail) and stops chosen from the route's own,
// pick-ups among stops where passengers are picked up and drop-offs where they are dropped off. "Approved" lets
// messages reach the passenger; untick to hold them back. Edits send only what changed.
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import type { PassengerDto } from "@/server/modules/passengers/passengers.schema";
import type { RouteDetailDto, StopKind } from "@/server/modules/routes/routes.schema";
import { FormDialog } from "../../../../_components/form-dialog";
import { changedFields, formChoice, formText } from "../../../../_components/transport/form-values";
import { textFieldProps } from "../../../../_components/transport/text-field-props";
import { stopTimeText } from "../../../../_components/transport/transport-labels";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Field } from "../../../../_components/ui/field";
import { FieldNote } from "../../../../_components/ui/field-note";
import { SelectField } from "../../../../_components/ui/select-field";

export function PassengerDialog({
  accountKey,
  route,
  passenger,
  onClose,
  onSaved,
}: {
  accountKey: string;
  route: RouteDetailDto;
  /** null: a new passenger */
  passenger: PassengerDto | null;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const approvedId = useId();
  const create = useMutation(trpc.passengers.create.mutationOptions());
  const update = useMutation(trpc.passengers.update.mutationOptions());
  const mutation = passenger ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const initial = passenger ? initialValues(passenger) : null;
  const field = textFieldProps(initial, failure?.fields);

  async function submit(form: FormData) {
    const body = {
      name: formText(form, "name"),
      externalId: formText(form, "externalId"),
      contactName: formText(form, "contactName"),
      contactPhone: formText(form, "contactPhone"),
      contactEmail: formText(form, "contactEmail"),
      pickupStopId: formChoice(form, "pickupStopId"),
      dropoffStopId: formChoice(form, "dropoffStopId"),
      approved: form.get("approved") === "on",
    };
    if (passenger) {
      await update.mutateAsync({ accountKey, passengerId: passenger.id, body: changedFields(body, initialValues(passenger)) });
      await onSaved(`Saved ${body.name}.`);
    } else {
      await create.mutateAsync({ accountKey, routeId: route.id, body });
      await onSaved(`Added ${body.name} to route ${route.route_number}.`);
    }
  }

  return (
    <FormDialog
      title={passenger ? `Edit ${passenger.name}` : `Add a passenger to route ${route.route_number}`}
      submitLabel={passenger ? "Save changes" : "Add passenger"}
      busy={mutation.isPending}
      failure={failure}
      wide
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" {...field("name")} required />
      <Field
        label="External ID"
        {...field("externalId")}
        hint="Your system's id; imports find the passenger by it"
      />
      <Field label="Contact name" {...field("contactName")} hint="A parent or carer" />
      <Field
        label="Contact phone"
        {...field("contactPhone")}
        type="tel"
        hint="With the country code (+370 600 12345) for text messages"
      />
      <Field
        label="Contact e-mail"
        {...field("contactEmail")}
        type="email"
        hint="The welcome message goes here when given, else by text message"
        className="sm:col-span-2"
      />
      <SelectField
        label="Pick-up stop"
        name="pickupStopId"
        options={stopOptions(route, "drop_off", passenger?.pickup_stop?.id ?? null)}
        defaultValue={initial?.pickupStopId ? String(initial.pickupStopId) : ""}
        error={failure?.fields.pickupStopId}
        hint={route.stops.length === 0 ? "Add stops to the route first" : undefined}
      />
      <SelectField
        label="Drop-off stop"
        name="dropoffStopId"
        options={stopOptions(route, "pick_up", passenger?.dropoff_stop?.id ?? null)}
        defaultValue={initial?.dropoffStopId ? String(initial.dropoffStopId) : ""}
        error={failure?.fields.dropoffStopId}
      />
      <div className="sm:col-span-2">
        <div className="flex items-center gap-2">
          <input
            id={approvedId}
            type="checkbox"
            name="approved"
            defaultChecked={initial?.approved ?? true}
            aria-describedby={`${approvedId}-note`}
            className="h-4 w-4 rounded border-slate-300 text-blue-600"
          />
          <label htmlFor={approvedId} className="text-sm font-medium text-slate-700">
            Approved
          </label>
        </div>
        <FieldNote id={`${approvedId}-note`} error={failure?.fields.approved} hint="Untick to hold the passenger back from messages" />
      </div>
    </FormDialog>
  );
}

/** the route's stops in order, without those of the other kind only (but always with the current choice) */
function stopOptions(route: RouteDetailDto, otherKind: StopKind, current: number | null) {
  return [
    { value: "", label: "Not set" },
    ...route.stops
      .filter((stop) => stop.kind !== otherKind || stop.id === current)
      .map((stop) => ({ value: String(stop.id), label: `${stop.sequence}. ${stop.name}${stop.time ? ` (${stopTimeText(stop)})` : ""}` })),
  ];
}

function initialValues(passenger: PassengerDto) {
  return {
    name: passenger.name,
    externalId: passenger.external_id ?? "",
    contactName: passenger.contact_name ?? "",
    contactPhone: passenger.contact_phone ?? "",
    contactEmail: passenger.contact_email ?? "",
    pickupStopId: passenger.pickup_stop?.id ?? null,
    dropoffStopId: passenger.dropoff_stop?.id ?? null,
    approved: passenger.approved,
  };
}
