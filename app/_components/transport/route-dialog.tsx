"use client";
// The route form (new route on the Routes page, "Edit details" on a route's page). Days, times and the date are
// typed as a timetable writes them and read by the server with the import's parsers, so "Mon-Fri", "7.15" and
// "3:30 pm" are all fine; what it cannot read is explained under the field. Edits send only what changed.
import { useMutation } from "@tanstack/react-query";
import type { RouteDto } from "@/server/modules/routes/routes.schema";
import { FormDialog } from "../form-dialog";
import { describeError, useTRPC } from "../trpc";
import { Field } from "../ui/field";
import { changedFields, formChoice, formText } from "./form-values";
import { textFieldProps } from "./text-field-props";
import { VehicleDriverFields } from "./vehicle-driver-fields";

export function RouteDialog({
  accountKey,
  timeZone,
  route,
  onClose,
  onSaved,
}: {
  accountKey: string;
  timeZone: string;
  /** null: a new route */
  route: RouteDto | null;
  onClose: () => void;
  onSaved: (route: RouteDto) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.routes.create.mutationOptions());
  const update = useMutation(trpc.routes.update.mutationOptions());
  const mutation = route ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;

  async function submit(form: FormData) {
    const body = {
      routeNumber: formText(form, "routeNumber"),
      name: formText(form, "name"),
      assetId: formChoice(form, "assetId"),
      driverId: formChoice(form, "driverId"),
      days: formText(form, "days"),
      startTime: formText(form, "startTime"),
      endTime: formText(form, "endTime"),
      effectiveFrom: formText(form, "effectiveFrom"),
    };
    const saved = route
      ? await update.mutateAsync({ accountKey, routeId: route.id, body: changedFields(body, initialValues(route)) })
      : await create.mutateAsync({ accountKey, body });
    await onSaved(saved);
  }

  const initial = route ? initialValues(route) : null;
  const field = textFieldProps(initial, failure?.fields);
  return (
    <FormDialog
      title={route ? `Edit route ${route.route_number}` : "New route"}
      submitLabel={route ? "Save changes" : "Create route"}
      busy={mutation.isPending}
      failure={failure}
      wide
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="Route number"
        {...field("routeNumber")}
        required
        hint="Unique in the account; imports find the route by it"
        placeholder="12"
      />
      <Field label="Name" {...field("name")} hint="Shown to passengers" placeholder="North loop" />
      <VehicleDriverFields
        accountKey={accountKey}
        vehicle={route?.vehicle ?? null}
        driver={route?.driver ?? null}
        noVehicle="No vehicle"
        noDriver="No driver"
        errors={failure?.fields}
      />
      <Field
        label="Days"
        {...field("days")}
        hint="Mon-Fri, Weekdays, Mon, Wed & Fri, Daily…"
        placeholder="Mon-Fri"
        className="sm:col-span-2"
      />
      <Field
        label="Start time"
        {...field("startTime")}
        hint={`07:15, 7.15 or 7:15 am (${timeZone})`}
        placeholder="07:15"
      />
      <Field
        label="End time"
        {...field("endTime")}
        hint={`15:30 or 3:30 pm (${timeZone})`}
        placeholder="15:30"
      />
      <Field
        label="Effective from"
        {...field("effectiveFrom")}
        hint="2026-09-01 or 01/09/2026; empty: already in effect"
        placeholder="2026-09-01"
      />
    </FormDialog>
  );
}

/** the form's values for a route, as the server gives them back (they read back unchanged) */
function initialValues(route: RouteDto) {
  return {
    routeNumber: route.route_number,
    name: route.name ?? "",
    assetId: route.vehicle?.id ?? null,
    driverId: route.driver?.id ?? null,
    days: route.days_text,
    startTime: route.start_time ?? "",
    endTime: route.end_time ?? "",
    effectiveFrom: route.effective_from ?? "",
  };
}
