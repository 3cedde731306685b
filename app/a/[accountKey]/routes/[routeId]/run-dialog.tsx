"use client";
// The run form: the date ("2026-09-01" or "01/09/2026") and what differs that day from the route: times, vehicle,
// driver, and a notice passengers see on the run's link. Empty fields keep the route's own. Edits send only what
// changed.
import { useMutation } from "@tanstack/react-query";
import type { RouteDetailDto } from "@/server/modules/routes/routes.schema";
import type { RunDto } from "@/server/modules/runs/runs.schema";
import { FormDialog } from "../../../../_components/form-dialog";
import { changedFields, formChoice, formText } from "../../../../_components/transport/form-values";
import { textFieldProps } from "../../../../_components/transport/text-field-props";
import { runDateText } from "../../../../_components/transport/transport-labels";
import { VehicleDriverFields } from "../../../../_components/transport/vehicle-driver-fields";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Field } from "../../../../_components/ui/field";
import { TextAreaField } from "../../../../_components/ui/text-area-field";

export function RunDialog({
  accountKey,
  timeZone,
  route,
  run,
  onClose,
  onSaved,
}: {
  accountKey: string;
  timeZone: string;
  route: RouteDetailDto;
  /** null: a new run */
  run: RunDto | null;
  onClose: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.runs.create.mutationOptions());
  const update = useMutation(trpc.runs.update.mutationOptions());
  const mutation = run ? update : create;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const initial = run ? initialValues(run) : null;
  const field = textFieldProps(initial, failure?.fields);

  async function submit(form: FormData) {
    const body = {
      date: formText(form, "date"),
      startTime: formText(form, "startTime"),
      endTime: formText(form, "endTime"),
      assetId: formChoice(form, "assetId"),
      driverId: formChoice(form, "driverId"),
      notice: formText(form, "notice"),
    };
    const saved = run
      ? await update.mutateAsync({ accountKey, runId: run.id, body: changedFields(body, initialValues(run)) })
      : await create.mutateAsync({ accountKey, routeId: route.id, body });
    await onSaved(run ? `Saved the run of ${saved.date}.` : `Added a run on ${saved.date}.`);
  }

  return (
    <FormDialog
      title={run ? `Edit the run of ${runDateText(run.date, run.weekday)}` : `Add a run of route ${route.route_number}`}
      submitLabel={run ? "Save changes" : "Add run"}
      busy={mutation.isPending}
      failure={failure}
      wide
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="Date"
        {...field("date")}
        required
        hint="2026-09-01 or 01/09/2026; one run per route and day"
        placeholder="2026-09-01"
        className="sm:col-span-2"
      />
      <Field
        label="Start time"
        {...field("startTime")}
        hint={`Empty: the route's${route.start_time ? ` (${route.start_time})` : ""}; ${timeZone}`}
        placeholder={route.start_time ?? "07:15"}
      />
      <Field
        label="End time"
        {...field("endTime")}
        hint={`Empty: the route's${route.end_time ? ` (${route.end_time})` : ""}`}
        placeholder={route.end_time ?? "15:30"}
      />
      <VehicleDriverFields
        accountKey={accountKey}
        vehicle={run?.vehicle ?? null}
        driver={run?.driver ?? null}
        noVehicle={route.vehicle ? `Route's vehicle (${route.vehicle.name})` : "Route's vehicle (none)"}
        noDriver={route.driver ? `Route's driver (${route.driver.name})` : "Route's driver (none)"}
        errors={failure?.fields}
      />
      <TextAreaField
        label="Notice"
        {...field("notice")}
        rows={2}
        hint="Shown to passengers on the run's link, e.g. “Leaves 10 minutes late”"
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}

function initialValues(run: RunDto) {
  return {
    date: run.date,
    startTime: run.start_time ?? "",
    endTime: run.end_time ?? "",
    assetId: run.vehicle?.id ?? null,
    driverId: run.driver?.id ?? null,
    notice: run.notice ?? "",
  };
}
