"use client";
// Geofences on a map: every geofence of the account as an area, a form to draw a new one (or edit one) as a circle
// (click the centre, set the radius) or a polygon (click its corners), and the list with delete after confirmation.
// The centre and corners are also editable fields, so the map is not the only way to enter them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { GeofenceDto } from "@/server/modules/geofences/geofences.schema";
import { DrawLayer, type Draft, type DrawMode } from "../../../_components/map/draw-layer";
import { FitBounds } from "../../../_components/map/fit-bounds";
import { FleetMap } from "../../../_components/map/fleet-map";
import { GeofenceLayer, type GeofenceArea } from "../../../_components/map/geofence-layer";
import { shapeOf, shapeRing } from "../../../_components/map/geofence-shapes";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { DeleteDialog } from "../../../_components/delete-dialog";
import { SuccessNotice } from "../../../_components/success-notice";
import { Alert } from "../../../_components/ui/alert";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { EditDeleteButtons } from "../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";
import type { MapStyle } from "@/server/modules/maps/map-style";

const DEFAULT_RADIUS_M = 250;
const EMPTY_DRAFT: Draft = { center: null, radiusM: DEFAULT_RADIUS_M, points: [] };

type Editing = { id: number | null; name: string; mode: Exclude<DrawMode, null>; draft: Draft } | null;

function editingOf(geofence: GeofenceDto): Exclude<Editing, null> {
  return geofence.shape === "circle"
    ? { id: geofence.id, name: geofence.name, mode: "circle", draft: { center: geofence.center, radiusM: geofence.radius_m ?? DEFAULT_RADIUS_M, points: [] } }
    : { id: geofence.id, name: geofence.name, mode: "polygon", draft: { ...EMPTY_DRAFT, points: geofence.points ?? [] } };
}

export function GeofencesClient({ accountKey, canManage, mapStyle }: { accountKey: string; canManage: boolean; mapStyle: MapStyle }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const geofences = useQuery(trpc.geofences.list.queryOptions({ accountKey, limit: 500 }));
  const [editing, setEditing] = useState<Editing>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<GeofenceDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.geofences.pathKey() });

  const remove = useMutation(
    trpc.geofences.delete.mutationOptions({
      onSuccess: async () => {
        setNotice(`Deleted ${deleting?.name ?? "the geofence"}.`);
        setDeleting(null);
        await refresh();
      },
    }),
  );

  const rows = geofences.data?.data ?? [];
  const areas = useMemo<GeofenceArea[]>(
    () => rows.filter((g) => g.id !== editing?.id).map((g) => ({ id: g.id, shape: shapeOf(g) })),
    [rows, editing?.id],
  );
  const selected = rows.find((g) => g.id === selectedId) ?? null;
  const allPoints = useMemo(() => rows.flatMap((g) => shapeRing(shapeOf(g))), [rows]);

  return (
    <>
      <PageHeader
        title="Geofences"
        description="Areas on the map. Alert rules of the type “Geofence enter / exit” fire when a vehicle crosses their edge."
        actions={
          <>
            <Link href={`/a/${accountKey}/alerts/rules`} className="self-center text-sm text-blue-700 hover:underline">
              Alert rules
            </Link>
            {canManage && !editing ? (
              <Button onClick={() => setEditing({ id: null, name: "", mode: "circle", draft: EMPTY_DRAFT })}>New geofence</Button>
            ) : null}
          </>
        }
      />
      <SuccessNotice message={notice} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <FleetMap mapStyle={mapStyle} label="Geofences map" className="h-[55vh] rounded-lg ring-1 ring-slate-200 lg:h-[70vh]">
            <GeofenceLayer areas={areas} selectedId={selectedId} />
            {editing ? (
              <DrawLayer
                mode={editing.mode}
                draft={editing.draft}
                onChange={(draft) => setEditing((current) => (current ? { ...current, draft } : current))}
              />
            ) : null}
            <FitBounds fitKey={rows.length > 0 ? "all" : null} points={allPoints} maxZoom={15} />
            {selected ? <FitBounds fitKey={`selected-${selected.id}`} points={shapeRing(shapeOf(selected))} maxZoom={16} /> : null}
          </FleetMap>
        </div>
        <div className="space-y-6">
          {editing ? (
            <GeofenceForm
              accountKey={accountKey}
              editing={editing}
              onChange={setEditing}
              onCancel={() => setEditing(null)}
              onSaved={async (message) => {
                setEditing(null);
                setNotice(message);
                await refresh();
              }}
            />
          ) : null}
          <ListCard
            title="All geofences"
            query={geofences}
            what="geofences"
            isEmpty={rows.length === 0}
            empty={
              <EmptyState title="No geofences yet">
                {canManage ? "Press “New geofence” and draw one on the map." : "An administrator or fleet manager can draw them."}
              </EmptyState>
            }
          >
            <ul className="-my-2 divide-y divide-slate-100" aria-label="Geofences">
              {rows.map((g) => (
                <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="geofence-row">
                  <button
                    type="button"
                    className={`min-w-0 text-left text-sm ${g.id === selectedId ? "font-semibold text-violet-800" : "text-slate-900"}`}
                    onClick={() => setSelectedId((current) => (current === g.id ? null : g.id))}
                  >
                    <span className="block truncate">{g.name}</span>
                    <span className="block text-xs font-normal text-slate-500">
                      {g.shape === "circle" ? `Circle, ${Math.round(g.radius_m ?? 0)} m` : `Polygon, ${g.points?.length ?? 0} corners`}
                    </span>
                  </button>
                  {canManage ? (
                    <span className="flex gap-1">
                      <EditDeleteButtons
                        name={g.name}
                        onEdit={() => setEditing(editingOf(g))}
                        onDelete={() => {
                          remove.reset();
                          setDeleting(g);
                        }}
                      />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </ListCard>
        </div>
      </div>

      <DeleteDialog
        target={deleting}
        title="Delete geofence?"
        confirmLabel="Delete geofence"
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(row) => remove.mutate({ accountKey, geofenceId: row.id })}
      >
        <p>
          <strong>{deleting?.name}</strong> will be removed. Geofences that alert rules watch cannot be deleted.
        </p>
      </DeleteDialog>
    </>
  );
}

function GeofenceForm({
  accountKey,
  editing,
  onChange,
  onCancel,
  onSaved,
}: {
  accountKey: string;
  editing: Exclude<Editing, null>;
  onChange: (editing: Editing) => void;
  onCancel: () => void;
  onSaved: (message: string) => void | Promise<void>;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.geofences.create.mutationOptions());
  const update = useMutation(trpc.geofences.update.mutationOptions());
  const mutation = editing.id === null ? create : update;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const { draft, mode } = editing;
  const set = (changes: Partial<Exclude<Editing, null>>) => onChange({ ...editing, ...changes });
  const setDraft = (changes: Partial<Draft>) => set({ draft: { ...draft, ...changes } });
  const coordinate = (value: string) => (value.trim() === "" ? NaN : Number(value));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const body =
      mode === "circle"
        ? { name: editing.name, shape: "circle", center: draft.center ?? undefined, radius_m: draft.radiusM }
        : { name: editing.name, shape: "polygon", points: draft.points };
    try {
      if (editing.id === null) await create.mutateAsync({ accountKey, body });
      else await update.mutateAsync({ accountKey, geofenceId: editing.id, body });
      await onSaved(`Saved ${editing.name.trim()}.`);
    } catch {
      // shown from mutation.error
    }
  }

  return (
    <Card title={editing.id === null ? "New geofence" : `Edit ${editing.name}`}>
      <form onSubmit={save} noValidate className="space-y-4" aria-label="Geofence">
        <Field label="Name" value={editing.name} onChange={(e) => set({ name: e.target.value })} error={failure?.fields.name} placeholder="Depot" />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Shape</legend>
          <div className="flex gap-4 text-sm">
            {(["circle", "polygon"] as const).map((shape) => (
              <label key={shape} className="flex items-center gap-2">
                <input type="radio" name="shape" value={shape} checked={mode === shape} onChange={() => set({ mode: shape })} />
                {shape === "circle" ? "Circle" : "Polygon"}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === "circle" ? (
          <>
            <p className="text-sm text-slate-600">Click the map to place the centre.</p>
            <div className="grid grid-cols-2 gap-3">
              <Field
                label="Centre latitude"
                inputMode="decimal"
                value={draft.center ? String(draft.center.latitude) : ""}
                onChange={(e) => setDraft({ center: { latitude: coordinate(e.target.value), longitude: draft.center?.longitude ?? 0 } })}
                error={failure?.fields["center.latitude"] ?? failure?.fields.center}
              />
              <Field
                label="Centre longitude"
                inputMode="decimal"
                value={draft.center ? String(draft.center.longitude) : ""}
                onChange={(e) => setDraft({ center: { latitude: draft.center?.latitude ?? 0, longitude: coordinate(e.target.value) } })}
                error={failure?.fields["center.longitude"]}
              />
            </div>
            <Field
              label="Radius (m)"
              type="number"
              min={10}
              value={String(draft.radiusM)}
              onChange={(e) => setDraft({ radiusM: Number(e.target.value) })}
              error={failure?.fields.radius_m}
            />
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Click the map to add corners, in order. <span data-testid="corner-count">{draft.points.length}</span> corner
              {draft.points.length === 1 ? "" : "s"} so far.
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" disabled={draft.points.length === 0} onClick={() => setDraft({ points: draft.points.slice(0, -1) })}>
                Undo last corner
              </Button>
              <Button variant="secondary" disabled={draft.points.length === 0} onClick={() => setDraft({ points: [] })}>
                Clear
              </Button>
            </div>
            {failure?.fields.points ? <Alert>Corners: {failure.fields.points}</Alert> : null}
          </>
        )}
        {failure && Object.keys(failure.fields).length === 0 ? <Alert>{failure.message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" busy={mutation.isPending}>
            Save geofence
          </Button>
        </div>
      </form>
    </Card>
  );
}
