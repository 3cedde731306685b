"use client";
// "Pre-register" an IMEI about to be installed, the list of unknown devices (refreshed while the page is open: the
// pre-registered IMEIs that tried to connect since, or every unknown device for the platform operator) and
// "Provision": asset name and plate, then the device becomes an asset of this account with its IMEI and protocol,
// and leaves the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { UnknownDeviceDto } from "@/server/modules/devices/devices.schema";
import { DataTable, type Column } from "../../../_components/data-table";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { WeakDeviceIdOptIn } from "../../../_components/weak-device-id-opt-in";
import { useDates } from "../../../_components/ui/viewer-time-zone";
import { PageHeader } from "../../../_components/ui/page-header";

const COLUMNS: Column[] = [
  { label: "IMEI" },
  { label: "Protocol", className: "hidden sm:table-cell" },
  { label: "Attempts", className: "text-right" },
  { label: "First seen", className: "hidden md:table-cell" },
  { label: "Last seen", className: "hidden sm:table-cell" },
  { label: "Address", className: "hidden lg:table-cell" },
  { label: "Actions", srOnly: true },
];

export function DevicesClient({ accountKey }: { accountKey: string }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const devices = useQuery(trpc.devices.listUnknown.queryOptions({ accountKey }, { refetchInterval: 15_000 }));
  const [provisioning, setProvisioning] = useState<UnknownDeviceDto | null>(null);
  const [done, setDone] = useState<{ name: string; id: number } | null>(null);
  const rows = devices.data ?? [];

  return (
    <>
      <PageHeader
        title="Unknown devices"
        description="Pre-register the IMEI of a tracker you are installing: once it tries to connect, it shows here. Provision it to add it to this account as an asset; its positions are stored from its next connection."
      />
      <PreRegisterForm accountKey={accountKey} />
      {done ? (
        <div className="mb-4">
          <Alert tone="success">
            {done.name} is now an asset of this account.{" "}
            <Link href={`/a/${accountKey}/assets/${done.id}`} className="font-medium underline">
              Open its page
            </Link>
          </Alert>
        </div>
      ) : null}
      <ListCard
        query={devices}
        what="devices"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No unknown devices">
            When a tracker whose IMEI you pre-registered connects, it shows up here. Point the tracker at this server
            (Teltonika: the server&apos;s address and TCP port in its GPRS settings) and it appears within a minute.
          </EmptyState>
        }
      >
        <DataTable caption="Unknown devices" columns={COLUMNS}>
          {rows.map((device) => (
            <tr key={device.imei}>
              <td className="px-4 py-3 font-mono text-slate-900">{device.imei}</td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{device.protocol}</td>
              <td className="px-4 py-3 text-right text-slate-700">{device.attempts}</td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 md:table-cell">{dates.dateTime(device.first_seen_at)}</td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{dates.dateTime(device.last_seen_at)}</td>
              <td className="hidden px-4 py-3 font-mono text-slate-700 lg:table-cell">{device.remote_address ?? "—"}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                <Button variant="secondary" aria-label={`Provision ${device.imei}`} onClick={() => setProvisioning(device)}>
                  Provision
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {provisioning ? (
        <ProvisionDialog
          accountKey={accountKey}
          device={provisioning}
          onClose={() => setProvisioning(null)}
          onDone={async (asset) => {
            setProvisioning(null);
            setDone(asset);
            await queryClient.invalidateQueries({ queryKey: trpc.devices.pathKey() });
            await queryClient.invalidateQueries({ queryKey: trpc.assets.pathKey() });
          }}
        />
      ) : null}
    </>
  );
}

function ProvisionDialog({
  accountKey,
  device,
  onClose,
  onDone,
}: {
  accountKey: string;
  device: UnknownDeviceDto;
  onClose: () => void;
  onDone: (asset: { name: string; id: number }) => Promise<void>;
}) {
  const trpc = useTRPC();
  const provision = useMutation(trpc.devices.provision.mutationOptions());
  const failure = provision.error ? describeError(provision.error) : null;
  // a phone that reported with an id typed on it: keeping that id needs the operator's opt-in (a typed id is weak)
  const phone = device.protocol === "osmand";

  async function submit(form: FormData) {
    const name = String(form.get("name") ?? "").trim();
    const plate = String(form.get("plate") ?? "").trim();
    const allowWeakDeviceId = phone ? form.get("allowWeakDeviceId") === "on" : undefined;
    const created = await provision.mutateAsync({ accountKey, imei: device.imei, name, plate: plate || undefined, allowWeakDeviceId });
    await onDone({ name, id: created.id });
  }

  return (
    <FormDialog title="Provision device" submitLabel="Add as asset" busy={provision.isPending} failure={failure} formClassName="space-y-4" onSubmit={submit} onClose={onClose}>
      <p className="text-sm text-slate-600">
        IMEI <span className="font-mono">{device.imei}</span> ({device.protocol}) becomes a tracker of a new asset in this account.
      </p>
      <Field label="Asset name" name="name" required autoFocus error={failure?.fields.name} />
      <Field label="Plate" name="plate" error={failure?.fields.plate} hint="Optional" />
      {phone ? (
        <>
          <p className="text-sm text-slate-600">
            This phone reported with a device id typed on it. Keep it only if the phone cannot be set up again; otherwise
            add the asset from the Assets page, which gives the phone a device id nobody can guess.
          </p>
          <WeakDeviceIdOptIn />
        </>
      ) : null}
    </FormDialog>
  );
}

function PreRegisterForm({ accountKey }: { accountKey: string }) {
  const trpc = useTRPC();
  const [imei, setImei] = useState("");
  const [registered, setRegistered] = useState<string | null>(null);
  const preRegister = useMutation(
    trpc.devices.preRegister.mutationOptions({
      onSuccess: (result) => {
        setRegistered(result.imei);
        setImei("");
      },
    }),
  );
  const problem = preRegister.error ? describeError(preRegister.error) : null;
  return (
    <div className="mb-4">
      <Card>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setRegistered(null);
            preRegister.mutate({ accountKey, imei });
          }}
        >
          <div className="min-w-60 flex-1">
            <Field
              label="IMEI to pre-register"
              value={imei}
              onChange={(event) => setImei(event.target.value)}
              required
              inputMode="numeric"
              error={problem?.fields.imei}
              hint="15 digits, as printed on the tracker"
            />
          </div>
          <Button type="submit" busy={preRegister.isPending}>
            Pre-register
          </Button>
        </form>
        {problem && Object.keys(problem.fields).length === 0 ? (
          <div className="mt-3">
            <Alert>{problem.message}</Alert>
          </div>
        ) : null}
        {registered ? (
          <div className="mt-3">
            <Alert tone="success">{registered} is pre-registered: it shows below once it tries to connect.</Alert>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
