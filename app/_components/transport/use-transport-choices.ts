"use client";
// The vehicles and drivers a route or run form offers, as select options: the account's assets (by name, with the
// plate) and drivers. Lists are read once per page (cached by the query client) and kept to one page of 500.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc";

export interface Choice {
  value: string;
  label: string;
}

const MAX_CHOICES = 500;

export function useTransportChoices(accountKey: string): { vehicles: Choice[]; drivers: Choice[]; loading: boolean } {
  const trpc = useTRPC();
  const assets = useQuery(trpc.assets.list.queryOptions({ accountKey, limit: MAX_CHOICES }));
  const drivers = useQuery(trpc.drivers.list.queryOptions({ accountKey, limit: MAX_CHOICES }));
  return {
    vehicles: (assets.data?.data ?? []).map((asset) => ({ value: String(asset.id), label: asset.plate ? `${asset.name} (${asset.plate})` : asset.name })),
    drivers: (drivers.data?.data ?? []).map((driver) => ({ value: String(driver.id), label: driver.name })),
    loading: assets.isPending || drivers.isPending,
  };
}

/** the options of a vehicle or driver select: "none" (or the route's, on a run) first, and the current choice even
 * when it is not among the first page */
export function choiceOptions(choices: Choice[], none: string, current: { id: number; name: string } | null): Choice[] {
  const options = [{ value: "", label: none }, ...choices];
  if (current && !choices.some((choice) => choice.value === String(current.id))) options.push({ value: String(current.id), label: current.name });
  return options;
}
