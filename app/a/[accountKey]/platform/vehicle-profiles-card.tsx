"use client";
// The platform's vehicle profiles (docs/vehicle-control.md "Vehicle profiles"): which control actions an adapter can
// perform on a brand/model/variant. Platform-wide data, so it sits on the platform operator's page: a vehicle's
// control panel offers only what its profile supports.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { VehicleProfileRow } from "@/server/modules/vehicle-control/vehicle-profiles";
import { DataTable, type Column } from "../../../_components/data-table";
import { DeleteDialog } from "../../../_components/delete-dialog";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { SuccessNotice } from "../../../_components/success-notice";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Button } from "../../../_components/ui/button";
import { EditDeleteButtons } from "../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";

/** the capability switches of a profile, in the order the control panel shows the actions */
const CAPABILITIES = [
  { key: "lock", label: "Lock" },
  { key: "unlock", label: "Unlock" },
  { key: "trunk", label: "Trunk" },
  { key: "immobilise", label: "Immobilise" },
  { key: "turnSignals", label: "Turn signals" },
  { key: "horn", label: "Horn" },
  { key: "comfortClosure", label: "Comfort closure" },
] as const;

const COLUMNS: Column[] = [
  { label: "Vehicle" },
  { label: "Supports" },
  { label: "Actions", className: "text-right" },
];

type Editing = { mode: "add" } | { mode: "edit"; profile: VehicleProfileRow } | null;

export function VehicleProfilesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profiles = useQuery(trpc.vehicleControl.profiles.queryOptions());
  const remove = useMutation(trpc.vehicleControl.deleteProfile.mutationOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<VehicleProfileRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = profiles.data ?? [];

  async function refresh(message: string) {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: trpc.vehicleControl.profiles.queryKey() });
  }

  return (
    <section className="mt-8" aria-labelledby="vehicle-profiles-heading">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="vehicle-profiles-heading" className="text-lg font-semibold text-slate-900">
            Vehicle profiles
          </h2>
          <p className="text-sm text-slate-600">
            What a control adapter can do on each car, for every account. A variant&apos;s own row wins over its model&apos;s default (no variant).
          </p>
        </div>
        <Button onClick={() => setEditing({ mode: "add" })}>Add profile</Button>
      </div>
      <SuccessNotice message={notice} />
      <ListCard query={profiles} what="vehicle profiles" isEmpty={rows.length === 0} empty={<EmptyState title="No vehicle profiles yet" />}>
        <DataTable caption="Vehicle profiles" columns={COLUMNS}>
          {rows.map((profile) => (
            <tr key={profile.id}>
              <td className="px-4 py-3 font-medium text-slate-900">{profileName(profile)}</td>
              <td className="px-4 py-3 text-slate-700">{supportedList(profile)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                <EditDeleteButtons name={profileName(profile)} onEdit={() => setEditing({ mode: "edit", profile })} onDelete={() => setDeleting(profile)} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {editing ? (
        <ProfileDialog
          profile={editing.mode === "edit" ? editing.profile : null}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            await refresh(`${profileName(saved)} is saved.`);
          }}
        />
      ) : null}
      <DeleteDialog
        target={deleting}
        title="Delete vehicle profile?"
        confirmLabel="Delete profile"
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(profile) =>
          remove.mutate(
            { id: profile.id },
            {
              onSuccess: async () => {
                setDeleting(null);
                await refresh(`${profileName(profile)} is deleted.`);
              },
            },
          )
        }
      >
        <p>
          <strong>{deleting ? profileName(deleting) : null}</strong> is deleted. Its vehicles fall back to their model&apos;s default profile, or to
          none, and their control panels offer only what that supports.
        </p>
      </DeleteDialog>
    </section>
  );
}

function ProfileDialog({ profile, onClose, onSaved }: { profile: VehicleProfileRow | null; onClose: () => void; onSaved: (saved: VehicleProfileRow) => Promise<void> }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.vehicleControl.saveProfile.mutationOptions());
  const failure = save.error ? describeError(save.error) : null;

  async function submit(form: FormData) {
    const capabilities = Object.fromEntries(CAPABILITIES.map(({ key }) => [key, form.get(key) === "on"]));
    const saved = await save.mutateAsync({
      brand: String(form.get("brand") ?? ""),
      model: String(form.get("model") ?? ""),
      variant: String(form.get("variant") ?? ""),
      ...capabilities,
    });
    await onSaved(saved);
  }

  return (
    <FormDialog
      title={profile ? `Profile of ${profileName(profile)}` : "Add a vehicle profile"}
      submitLabel="Save profile"
      busy={save.isPending}
      failure={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      {/* brand, model and variant name the profile: editing one of them saves another profile */}
      <Field label="Brand" name="brand" defaultValue={profile?.brand} readOnly={profile !== null} required error={failure?.fields.brand} />
      <Field label="Model" name="model" defaultValue={profile?.model} readOnly={profile !== null} required error={failure?.fields.model} />
      <Field
        label="Variant"
        name="variant"
        defaultValue={profile?.variant}
        readOnly={profile !== null}
        hint="Empty: the model's default"
        error={failure?.fields.variant}
      />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Supported</legend>
        <div className="grid grid-cols-2 gap-2">
          {CAPABILITIES.map(({ key, label }) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={key} defaultChecked={profile?.[key] ?? false} className="h-4 w-4" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}

function profileName(profile: Pick<VehicleProfileRow, "brand" | "model" | "variant">): string {
  return [profile.brand, profile.model, profile.variant].filter(Boolean).join(" ");
}

function supportedList(profile: VehicleProfileRow): string {
  const supported = CAPABILITIES.filter(({ key }) => profile[key]).map(({ label }) => label);
  return supported.length > 0 ? supported.join(", ") : "Nothing (read-only)";
}
