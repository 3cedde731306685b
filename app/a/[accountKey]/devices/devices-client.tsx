"use client";
// "Pre-register" an IMEI about to be installed, the list of unknown devices (refreshed while the page is open: the
// pre-registered IMEIs that tried to connect since, or every unknown device for the platform operator) and
// "Provision": asset name and plate, then the device becomes an asset of this account with its IMEI and protocol,
// and leaves the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { UnknownDeviceDto } from "@/server/modules/devices/devices.schema";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert, Button, Card, Dialog, EmptyState, Field, formatDate, PageHeader, Spinner } from "../../../_components/ui";

export function DevicesClient({ accountKey }: { accountKey: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const devices = useQuery(trpc.devices.listUnknown.queryOptions({ accountKey }, { refetchInterval: 15_000 }));
  const [provisioning, setProvisioning] = useState<UnknownDeviceDto | null>(null);
  const [done, setDone] = useState<{ name: string; id: number } | null>(null);

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
      <Card>
        {devices.isPending ? (
          <Spinner label="Loading devices…" />
        ) : devices.error ? (
          <Alert>{describeError(devices.error).message}</Alert>
        ) : devices.data.length === 0 ? (
          <EmptyState title="No unknown devices">
            When a tracker whose IMEI you pre-registered connects, it shows up here. Point the tracker at this server
            (Teltonika: the server&apos;s address and TCP port in its GPRS settings) and it appears within a minute.
          </EmptyState>
        ) : (
          <div className="-m-4 overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-2">IMEI</th>
                  <th className="hidden px-4 py-2 sm:table-cell">Protocol</th>
                  <th className="px-4 py-2 text-right">Attempts</th>
                  <th className="hidden px-4 py-2 md:table-cell">First seen</th>
                  <th className="hidden px-4 py-2 sm:table-cell">Last seen</th>
                  <th className="hidden px-4 py-2 lg:table-cell">Address</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {devices.data.map((device) => (
                  <tr key={device.imei}>
                    <td className="px-4 py-3 font-mono text-slate-900">{device.imei}</td>
                    <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{device.protocol}</td>
                    <td className="px-4 py-3 text-right text-slate-700">{device.attempts}</td>
                    <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 md:table-cell">{formatDate(device.first_seen_at)}</td>
                    <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{formatDate(device.last_seen_at)}</td>
                    <td className="hidden px-4 py-3 font-mono text-slate-700 lg:table-cell">{device.remote_address ?? "—"}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      <Button variant="secondary" aria-label={`Provision ${device.imei}`} onClick={() => setProvisioning(device)}>
                        Provision
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
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
  const [name, setName] = useState("");
  const [plate, setPlate] = useState("");
  const provision = useMutation(trpc.devices.provision.mutationOptions({ onSuccess: (created) => onDone({ name: name.trim(), id: created.id }) }));
  const problem = provision.error ? describeError(provision.error) : null;
  const formId = `provision-${device.imei}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title="Provision device"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={provision.isPending}>
            Add as asset
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          provision.mutate({ accountKey, imei: device.imei, name, plate: plate || undefined });
        }}
      >
        <p className="text-sm text-slate-600">
          IMEI <span className="font-mono">{device.imei}</span> ({device.protocol}) becomes a tracker of a new asset in this account.
        </p>
        {problem && Object.keys(problem.fields).length === 0 ? <Alert>{problem.message}</Alert> : null}
        <Field label="Asset name" value={name} onChange={(event) => setName(event.target.value)} required autoFocus error={problem?.fields.name} />
        <Field label="Plate" value={plate} onChange={(event) => setPlate(event.target.value)} error={problem?.fields.plate} hint="Optional" />
      </form>
    </Dialog>
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
