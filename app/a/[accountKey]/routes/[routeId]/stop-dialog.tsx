"use client";
// The stop form: name (unique on the route: passengers are matched to stops by name), address, coordinates, time and
// kind, and the arrival radius run progress uses (docs/run-progress.md; empty: the default). The time is a clock time
// ("07:25", "7.25 am") or minutes after the route's start ("15"), read by the import's parser; coordinates take a
// decimal point or comma; the radius is whole metres, bounded by the server. Edits send only what changed.
import { useMutation } from "@tanstack/react-query";
import type { RouteDetailDto, RouteStopDto } from "@/server/modules/routes/routes.schema";
import { RUN_PROGRESS_RULES } from "@/server/modules/run-progress/run-progress";
import { FormDialog } from "../../../../_components/form-dialog";
import { changedFields, formText } from "../../../../_components/transport/form-values";
import { STOP_KIND_OPTIONS } from "../../../../_components/transport/transport-labels";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Field } from "../../../../_components/ui/field";
import { SelectField } from "../../../../_components/ui/select-field";

export function StopDialog({
  accountKey,
  route,
  stop,
  onClose,
  onSaved,
}: {
  accountKey: string;
  route: RouteDetailDto;
  /** null: a new stop, added after the last one */
  stop: RouteStopDto | null;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const add = useMutation(trpc.routes.addStop.mutationOptions());
  const update = useMutation(trpc.routes.updateStop.mutationOptions());
  const mutation = stop ? update : add;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const initial = stop ? initialValues(stop) : null;

  async function submit(form: FormData) {
    const body = {
      name: formText(form, "name"),
      address: formText(form, "address"),
      latitude: formText(form, "latitude"),
      longitude: formText(form, "longitude"),
      time: formText(form, "time"),
      kind: formText(form, "kind"),
      radiusM: formText(form, "radiusM"),
    };
    if (stop) {
      await update.mutateAsync({ accountKey, stopId: stop.id, body: changedFields(body, initialValues(stop)) });
      await onSaved(`Saved ${body.name}.`);
    } else {
      await add.mutateAsync({ accountKey, routeId: route.id, body });
      await onSaved(`Added ${body.name}.`);
    }
  }

  return (
    <FormDialog
      title={stop ? `Edit ${stop.name}` : `Add a stop to route ${route.route_number}`}
      submitLabel={stop ? "Save changes" : "Add stop"}
      busy={mutation.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" name="name" required defaultValue={initial?.name} error={failure?.fields.name} className="sm:col-span-2" placeholder="Oak Street" />
      <Field label="Address" name="address" defaultValue={initial?.address} error={failure?.fields.address} className="sm:col-span-2" />
      <Field label="Latitude" name="latitude" inputMode="decimal" defaultValue={initial?.latitude} error={failure?.fields.latitude} placeholder="54.6872" />
      <Field label="Longitude" name="longitude" inputMode="decimal" defaultValue={initial?.longitude} error={failure?.fields.longitude} placeholder="25.2797" />
      <Field
        label="Time"
        name="time"
        defaultValue={initial?.time}
        error={failure?.fields.time}
        hint="07:25 or 7.25 am; or minutes after the route's start (15)"
      />
      <SelectField label="Kind" name="kind" options={STOP_KIND_OPTIONS} defaultValue={initial?.kind ?? "both"} error={failure?.fields.kind} />
      <Field
        label="Arrival radius (m)"
        name="radiusM"
        inputMode="numeric"
        defaultValue={initial?.radiusM}
        error={failure?.fields.radiusM}
        placeholder={String(RUN_PROGRESS_RULES.defaultRadiusM)}
        hint={`how close counts as at the stop; empty: ${RUN_PROGRESS_RULES.defaultRadiusM} m`}
      />
    </FormDialog>
  );
}

function initialValues(stop: RouteStopDto) {
  return {
    name: stop.name,
    address: stop.address ?? "",
    latitude: stop.latitude === null ? "" : String(stop.latitude),
    longitude: stop.longitude === null ? "" : String(stop.longitude),
    time: stop.time ?? "",
    kind: stop.kind,
    radiusM: stop.radius_m === null ? "" : String(stop.radius_m),
  };
}
