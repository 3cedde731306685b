"use client";
// The tracking links of an account, or of one vehicle (the asset page's panel), newest first and paged. Every row
// copies its address and shows its QR code; roles with links.manage also edit, disable or enable, and delete after
// confirming. "New link" lives in the caller's header and opens the dialog kept here, through `creating`.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import { ACTIONS_COLUMN, DataTable, type Column } from "../data-table";
import { QueryList } from "../query-list";
import { useTRPC } from "../trpc";
import { DeleteDialog, useDeleteTarget } from "../delete-dialog";
import { NoticeLine } from "../notice-line";
import { useListNotice } from "../use-list-notice";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { useDates } from "../ui/viewer-time-zone";
import { CopyLinkButton } from "./copy-link-button";
import type { LinkAccount } from "./link-account";
import { LinkDialog } from "./link-dialog";
import { ACCESS_MODE_NAMES, formatSchedule } from "./link-labels";
import { LinkStatusBadge } from "./link-status-badge";
import { QrCodeDialog } from "./qr-code-dialog";

const PAGE_SIZE = 50;

export function LinksList({
  account,
  vehicle = null,
  creating,
  onCreatingChange,
}: {
  account: LinkAccount;
  /** only this vehicle's links, and new links for it */
  vehicle?: { id: number; name: string } | null;
  creating: boolean;
  onCreatingChange: (creating: boolean) => void;
}) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TrackingLinkDto | null>(null);
  const deleting = useDeleteTarget<TrackingLinkDto>();
  const [showingQr, setShowingQr] = useState<TrackingLinkDto | null>(null);

  const links = useInfiniteQuery(
    trpc.trackingLinks.list.infiniteQueryOptions(
      { accountKey: account.key, limit: PAGE_SIZE, ...(vehicle ? { assetId: vehicle.id } : {}) },
      { getNextPageParam: (page) => page.next_cursor },
    ),
  );
  // every list of links (the page, asset panels) reads again
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.trackingLinks.pathKey() });
  const list = useListNotice(refresh);

  const toggle = useMutation(
    trpc.trackingLinks.update.mutationOptions({
      onSuccess: (link) => list.succeeded(`${link.is_active ? "Enabled" : "Disabled"} ${link.display_name}.`),
      onError: list.failed,
    }),
  );
  const remove = useMutation(
    trpc.trackingLinks.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted ${deleting.target?.display_name ?? "the link"}.`, deleting.close),
    }),
  );

  const rows = links.data?.pages.flatMap((page) => page.data) ?? [];
  const columns: Column[] = [
    { label: "Name" },
    ...(vehicle ? [] : [{ label: "Vehicle", className: "hidden sm:table-cell" }]),
    { label: "Access", className: "hidden md:table-cell" },
    { label: "Status", className: "hidden sm:table-cell" },
    { label: "Time limit", className: "hidden lg:table-cell" },
    ...(vehicle ? [] : [{ label: "Created", className: "hidden xl:table-cell" }]),
    ACTIONS_COLUMN,
  ];
  const closeDialog = () => {
    setEditing(null);
    onCreatingChange(false);
  };

  return (
    <>
      <NoticeLine notice={list.notice} />
      <QueryList
        query={links}
        what="links"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            title="No tracking links yet"
            action={account.canManage ? <Button onClick={() => onCreatingChange(true)}>New link</Button> : null}
          >
            {account.canManage
              ? "A tracking link lets passengers or customers follow a vehicle on a page of their own, for as long and as openly as you choose."
              : "An administrator or fleet manager can create links that let passengers follow a vehicle."}
          </EmptyState>
        }
      >
        <DataTable caption={vehicle ? `Tracking links of ${vehicle.name}` : "Tracking links"} columns={columns}>
          {rows.map((link) => (
            <tr key={link.id}>
              <td className="min-w-36 px-4 py-3">
                <span className="block font-medium text-slate-900">{link.display_name}</span>
                {link.route ? <LinkRouteLine link={link} /> : null}
                {link.schedule ? <span className="block text-xs text-slate-500">{formatSchedule(link.schedule)}</span> : null}
                {/* what the hidden columns would say, on narrow screens */}
                <span className="block text-xs text-slate-500 md:hidden">
                  {!vehicle && link.asset ? <span className="sm:hidden">{link.asset.name} · </span> : null}
                  {ACCESS_MODE_NAMES[link.access_mode]}
                </span>
                <span className="mt-1 block sm:hidden">
                  <LinkStatusBadge link={link} />
                </span>
              </td>
              {vehicle ? null : (
                <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">
                  {link.asset ? (
                    <Link href={`/a/${account.key}/assets/${link.asset.id}`} className="text-blue-700 hover:underline">
                      {link.asset.name}
                    </Link>
                  ) : (
                    "No vehicle"
                  )}
                </td>
              )}
              <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{ACCESS_MODE_NAMES[link.access_mode]}</td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <LinkStatusBadge link={link} />
              </td>
              <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">
                <TimeLimit link={link} />
              </td>
              {vehicle ? null : (
                <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 xl:table-cell">{dates.dateTime(link.created_at)}</td>
              )}
              <td className="px-4 py-3">
                <div className="flex flex-col items-end gap-1">
                  <div className="flex items-start gap-1">
                    <CopyLinkButton url={link.url} name={link.display_name} />
                    <Button variant="ghost" aria-label={`QR code of ${link.display_name}`} onClick={() => setShowingQr(link)}>
                      QR code
                    </Button>
                  </div>
                  {account.canManage ? (
                    <div className="flex gap-1">
                      <Button variant="ghost" aria-label={`Edit ${link.display_name}`} onClick={() => setEditing(link)}>
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={`${link.is_active ? "Disable" : "Enable"} ${link.display_name}`}
                        busy={toggle.isPending && toggle.variables?.linkId === link.id}
                        onClick={() => {
                          list.setNotice(null);
                          toggle.mutate({ accountKey: account.key, linkId: link.id, body: { active: !link.is_active } });
                        }}
                      >
                        {link.is_active ? "Disable" : "Enable"}
                      </Button>
                      <Button
                        variant="danger-ghost"
                        aria-label={`Delete ${link.display_name}`}
                        onClick={() => deleting.choose(link, remove)}
                      >
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </QueryList>

      {creating || editing ? (
        <LinkDialog
          key={editing?.id ?? "new"}
          account={account}
          link={editing}
          preset={vehicle}
          onClose={closeDialog}
          onSaved={(message) => list.succeeded(message, closeDialog)}
        />
      ) : null}

      <QrCodeDialog link={showingQr} onClose={() => setShowingQr(null)} />

      <DeleteDialog
        target={deleting.target}
        title="Delete tracking link?"
        confirmLabel="Delete link"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey: account.key, linkId: row.id })}
      >
        <p>
          <strong>{deleting.target?.display_name}</strong> stops working at once: its viewers are disconnected and its address leads
          nowhere. To pause a link instead, disable it. This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}

/** the time limit, the arrival that ends the link, both, or neither */
function TimeLimit({ link }: { link: TrackingLinkDto }) {
  const dates = useDates();
  const arrival = link.destination ? `arrival${link.destination.name ? ` at ${link.destination.name}` : ""}` : null;
  if (!link.expires_at) return <>{arrival ? `On ${arrival}` : "None"}</>;
  return (
    <>
      {dates.dateTime(link.expires_at)}
      {arrival ? <span className="block text-xs text-slate-500">or on {arrival}</span> : null}
    </>
  );
}

/** what a route-based link follows: its route (the vehicle column says which vehicle today), and whose link it is */
function LinkRouteLine({ link }: { link: TrackingLinkDto }) {
  const route = link.route!;
  return (
    <span className="block text-xs text-slate-500" data-testid="link-route">
      Route {route.route_number}
      {link.passenger ? ` · ${link.passenger.name}'s link` : ""}
    </span>
  );
}
