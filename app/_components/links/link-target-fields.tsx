"use client";
// What a link follows: one vehicle, or a route, whose link follows the vehicle of the route's run for the day (else
// the route's own vehicle) and moves by itself when that changes. A passenger's own link always follows the
// passenger's route: it is shown, not chosen.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import type { RouteDto } from "@/server/modules/routes/routes.schema";
import type { TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import { useTRPC } from "../trpc";
import { SelectField } from "../ui/select-field";
import type { LinkAccount } from "./link-account";
import type { LinkFieldsProps, LinkFollows } from "./link-form-values";

const LIST_LIMIT = 500;

const FOLLOWS: Array<{ value: LinkFollows; name: string; explained: string }> = [
  { value: "vehicle", name: "A vehicle", explained: "Always the same vehicle." },
  { value: "route", name: "A route", explained: "The vehicle of the route's run each day, else the route's own; viewers follow along when it changes." },
];

export function LinkTargetFields({
  account,
  link,
  preset,
  values,
  set,
  error,
  assets,
}: LinkFieldsProps & {
  account: LinkAccount;
  link: TrackingLinkDto | null;
  preset: { id: number; name: string } | null;
  assets: { data: AssetDto[]; pending: boolean };
}) {
  const trpc = useTRPC();
  const noteId = useId();
  const routes = useQuery({ ...trpc.routes.list.queryOptions({ accountKey: account.key, limit: LIST_LIMIT }), enabled: values.follows === "route" });

  if (link?.passenger) {
    return (
      <p className="text-sm text-slate-700" data-testid="passenger-link-target">
        {link.passenger.name}&apos;s own link: it follows their route{link.route ? `, ${link.route.name ?? link.route.route_number}` : ""}.
      </p>
    );
  }

  const vehicles = vehicleOptions(assets.data, link?.asset ?? preset);
  const routeChoices = routeOptions(routes.data?.data ?? [], link?.route ?? null);
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Follows</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {FOLLOWS.map((choice) => (
            <label key={choice.value} className="flex max-w-xs items-start gap-2 text-sm">
              <input
                type="radio"
                name="follows"
                value={choice.value}
                className="mt-0.5"
                checked={values.follows === choice.value}
                onChange={() => set({ follows: choice.value })}
                aria-labelledby={`${noteId}-${choice.value}`}
                aria-describedby={`${noteId}-${choice.value}-explained`}
              />
              <span>
                <span id={`${noteId}-${choice.value}`} className="font-medium text-slate-900">
                  {choice.name}
                </span>
                <span id={`${noteId}-${choice.value}-explained`} className="block text-slate-500">
                  {choice.explained}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {values.follows === "route" ? (
        <SelectField
          label="Route"
          value={values.routeId}
          onChange={(event) => set({ routeId: event.target.value })}
          options={[{ value: "", label: routes.isPending ? "Loading routes…" : routeChoices.length ? "Choose a route…" : "No routes yet: import them first" }, ...routeChoices]}
          error={error("routeId") ?? error("assetId")}
        />
      ) : (
        <SelectField
          label="Vehicle"
          value={values.assetId}
          onChange={(event) => set({ assetId: event.target.value })}
          options={[{ value: "", label: assets.pending ? "Loading vehicles…" : "Choose a vehicle…" }, ...vehicles]}
          error={error("assetId")}
        />
      )}
    </div>
  );
}

/** the account's vehicles, plus the link's own if it is not among them (an account past the first page) */
function vehicleOptions(assets: AssetDto[], own: { id: number; name: string } | null) {
  const options = assets.map((asset) => ({ value: String(asset.id), label: asset.plate ? `${asset.name} (${asset.plate})` : asset.name }));
  if (own && !assets.some((asset) => asset.id === own.id)) options.unshift({ value: String(own.id), label: own.name });
  return options;
}

/** "R7 · Hill school morning (Bus 1)"; the link's own route first if it is not on the first page */
function routeOptions(routes: RouteDto[], own: { id: number; route_number: string; name: string | null } | null) {
  const label = (route: { route_number: string; name: string | null }, vehicle?: { name: string } | null) =>
    `${route.route_number}${route.name ? ` · ${route.name}` : ""}${vehicle ? ` (${vehicle.name})` : ""}`;
  const options = routes.map((route) => ({ value: String(route.id), label: label(route, route.vehicle) }));
  if (own && !routes.some((route) => route.id === own.id)) options.unshift({ value: String(own.id), label: label(own) });
  return options;
}
