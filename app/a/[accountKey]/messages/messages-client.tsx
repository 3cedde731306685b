"use client";
// The Messages page: conversations on the left (newest first, unread replies counted), the open conversation on the
// right with each message's status and times, a composer that sends to the open driver, a vehicle's current driver,
// a group's or a tag's drivers or all drivers, and the driver's sign-in tools. Opening a conversation marks the
// driver's replies read. The lists refresh every few seconds, so receipts (delivered, read) appear without reloading.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ConversationDto } from "@/server/modules/messages/list-conversations";
import type { MessageDto } from "@/server/modules/messages/messages.schema";
import { groupPaths } from "../../../_components/fleet/group-tree";
import { useTags } from "../../../_components/fleet/use-fleet-labels";
import { useTRPC } from "../../../_components/trpc";
import { Button } from "../../../_components/ui/button";
import { PageHeader } from "../../../_components/ui/page-header";
import { type Dates, useDates } from "../../../_components/ui/viewer-time-zone";
import { MessagingSettingsPanel } from "./messaging-settings-panel";

const REFRESH_MS = 3000;

function statusLine(m: MessageDto, dates: Dates): string {
  const at = (iso: string | null) => (iso ? dates.time(iso, { seconds: true }) : null);
  const parts = [`Sent ${at(m.sent_at) ?? at(m.created_at)}`];
  if (m.delivered_at) parts.push(`delivered ${at(m.delivered_at)}`);
  if (m.read_at) parts.push(`read ${at(m.read_at)}`);
  if (m.sms_fallback_at) parts.push(`by SMS ${at(m.sms_fallback_at)}`);
  return parts.join(" · ");
}

type Target = { kind: "driver" } | { kind: "asset"; assetId: number | null } | { kind: "group"; groupId: number | null } | { kind: "tag"; tagId: number | null } | { kind: "all" };

export function MessagesClient(props: { accountKey: string; canSend: boolean; canReadAssets: boolean; initialDriverId: number | null }) {
  const { accountKey, canSend, canReadAssets } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [openDriver, setOpenDriver] = useState<number | null>(props.initialDriverId);
  const conversations = useQuery({ ...trpc.messages.conversations.queryOptions({ accountKey }), refetchInterval: REFRESH_MS });
  const rows = conversations.data ?? [];
  const open = rows.find((c) => c.driver_id === openDriver) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });

  return (
    <>
      <PageHeader title="Messages" description="Write to drivers on their phones. They answer from the link or PIN you send them; statuses show when a message was delivered and read." />
      <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
        <nav aria-label="Conversations" className="rounded-lg border bg-white">
          {rows.length === 0 && <p className="p-4 text-sm text-slate-500">No drivers yet: add them on the Drivers page.</p>}
          <ul>
            {rows.map((c) => (
              <li key={c.driver_id}>
                <button
                  className={`flex w-full items-start justify-between gap-2 border-b px-3 py-2 text-left text-sm ${c.driver_id === openDriver ? "bg-blue-50" : "hover:bg-slate-50"}`}
                  onClick={() => setOpenDriver(c.driver_id)}
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{c.driver_name}</span>
                    <span className="block truncate text-xs text-slate-500">{c.last_message?.body ?? "No messages"}</span>
                  </span>
                  {c.unread_replies > 0 && (
                    <span className="rounded-full bg-blue-600 px-2 text-xs text-white" aria-label={`${c.unread_replies} unread`}>
                      {c.unread_replies}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="space-y-4">
          {open ? <ConversationPanel accountKey={accountKey} conversation={open} canSend={canSend} onChanged={refresh} /> : <p className="text-sm text-slate-500">Pick a driver to see your conversation.</p>}
          {canSend && <BroadcastComposer accountKey={accountKey} canReadAssets={canReadAssets} onSent={refresh} />}
          {canSend && <MessagingSettingsPanel accountKey={accountKey} />}
        </section>
      </div>
    </>
  );
}

function ConversationPanel({ accountKey, conversation, canSend, onChanged }: { accountKey: string; conversation: ConversationDto; canSend: boolean; onChanged: () => void }) {
  const dates = useDates();
  const trpc = useTRPC();
  const driverId = conversation.driver_id;
  const messages = useQuery({ ...trpc.messages.list.queryOptions({ accountKey, driverId, limit: 100 }), refetchInterval: REFRESH_MS });
  const markRead = useMutation(trpc.messages.markRead.mutationOptions({ onSuccess: onChanged }));
  const send = useMutation(trpc.messages.send.mutationOptions({ onSuccess: onChanged }));
  const [body, setBody] = useState("");
  const unread = conversation.unread_replies;
  // opening the conversation (and replies arriving while it is open) reads them
  useEffect(() => {
    if (canSend && unread > 0 && !markRead.isPending) markRead.mutate({ accountKey, driverId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountKey, driverId, unread, canSend]);
  const list = [...(messages.data?.data ?? [])].reverse();
  return (
    <div className="rounded-lg border bg-white">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2">
        <h2 className="font-semibold text-slate-900">{conversation.driver_name}</h2>
        {canSend && <DriverAccess accountKey={accountKey} conversation={conversation} />}
      </header>
      <ol className="max-h-[28rem] space-y-2 overflow-y-auto p-4" aria-label={`Conversation with ${conversation.driver_name}`}>
        {list.length === 0 && <li className="text-sm text-slate-500">No messages yet.</li>}
        {list.map((m) => {
          const mine = m.direction === "to_driver";
          return (
            <li key={m.id} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="dispatch-message" data-direction={m.direction} data-status={m.status}>
              <div className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-blue-600 text-white" : "bg-slate-100 text-slate-900"}`}>
                <p className="whitespace-pre-wrap break-words">{m.body}</p>
                <p className={`mt-1 text-[11px] ${mine ? "text-blue-100" : "text-slate-500"}`}>
                  {mine ? `${m.status} · ${statusLine(m, dates)}` : `${dates.time(m.created_at, { seconds: true })}${m.canned_reply_key ? " · quick reply" : ""}`}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {canSend && (
        <form
          className="flex gap-2 border-t p-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!body.trim()) return;
            send.mutate({ accountKey, request: { driver_id: driverId, body } }, { onSuccess: () => setBody("") });
          }}
        >
          <textarea aria-label="Message" className="min-w-0 flex-1 rounded border px-2 py-1 text-sm" rows={2} maxLength={1000} value={body} onChange={(e) => setBody(e.target.value)} />
          <Button type="submit" busy={send.isPending} disabled={!body.trim()}>
            Send
          </Button>
        </form>
      )}
      {send.error && <p className="px-3 pb-3 text-sm text-red-600">{send.error.message}</p>}
    </div>
  );
}

function DriverAccess({ accountKey, conversation }: { accountKey: string; conversation: ConversationDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => () => {
    setNotice(text);
    void queryClient.invalidateQueries({ queryKey: trpc.messages.conversations.queryKey({ accountKey }) });
  };
  const fail = (error: { message: string }) => setNotice(error.message);
  const link = useMutation(trpc.messages.sendSignInLink.mutationOptions({ onError: fail }));
  const pin = useMutation(trpc.messages.setPin.mutationOptions({ onError: fail }));
  const revoke = useMutation(trpc.messages.revokeSessions.mutationOptions({ onError: fail }));
  const driverId = conversation.driver_id;
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm">
      {conversation.has_phone && (
        <Button variant="ghost" busy={link.isPending} onClick={() => link.mutate({ accountKey, driverId, via: "sms" }, { onSuccess: done("Sign-in link sent by SMS.") })}>
          Link by SMS
        </Button>
      )}
      {conversation.has_email && (
        <Button variant="ghost" busy={link.isPending} onClick={() => link.mutate({ accountKey, driverId, via: "email" }, { onSuccess: done("Sign-in link sent by e-mail.") })}>
          Link by e-mail
        </Button>
      )}
      <Button
        variant="ghost"
        onClick={() => {
          const value = window.prompt(`PIN for ${conversation.driver_name} (4 to 8 digits; empty removes it)`);
          if (value === null) return;
          pin.mutate({ accountKey, driverId, pin: value.trim() || null }, { onSuccess: done(value.trim() ? "PIN set." : "PIN removed.") });
        }}
      >
        {conversation.has_pin ? "Change PIN" : "Set PIN"}
      </Button>
      <Button variant="danger-ghost" onClick={() => revoke.mutate({ accountKey, driverId }, { onSuccess: (n) => setNotice(`Signed out of ${n} phone(s).`) })}>
        Sign out phones
      </Button>
      {notice && <span className="text-xs text-slate-600" role="status">{notice}</span>}
    </div>
  );
}

function BroadcastComposer({ accountKey, canReadAssets, onSent }: { accountKey: string; canReadAssets: boolean; onSent: () => void }) {
  const trpc = useTRPC();
  const [target, setTarget] = useState<Target>({ kind: "all" });
  const [body, setBody] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const assets = useQuery({ ...trpc.assets.list.queryOptions({ accountKey, limit: 500 }), enabled: canReadAssets && target.kind === "asset" });
  const groups = useQuery({ ...trpc.assetGroups.list.queryOptions({ accountKey, limit: 500 }), enabled: canReadAssets && target.kind === "group" });
  const { tags } = useTags(accountKey, canReadAssets && target.kind === "tag");
  const send = useMutation(
    trpc.messages.send.mutationOptions({
      onSuccess: (sent) => {
        setBody("");
        setNotice(sent.length === 1 ? `Sent to ${sent[0]!.driver_name}.` : `Sent to ${sent.length} drivers.`);
        onSent();
      },
      onError: (error) => setNotice(error.message),
    }),
  );
  return (
    <form
      className="space-y-2 rounded-lg border bg-white p-4"
      aria-label="Send to several drivers"
      onSubmit={(event) => {
        event.preventDefault();
        const request =
          target.kind === "all"
            ? { all_drivers: true, body }
            : target.kind === "group"
              ? { group_id: target.groupId, body }
              : target.kind === "tag"
                ? { tag_id: target.tagId, body }
                : { asset_id: target.kind === "asset" ? target.assetId : null, body };
        send.mutate({ accountKey, request });
      }}
    >
      <h2 className="font-semibold text-slate-900">Send to a vehicle, a group, a tag or everyone</h2>
      <div className="flex flex-wrap gap-2 text-sm">
        <label>
          <input type="radio" checked={target.kind === "all"} onChange={() => setTarget({ kind: "all" })} /> All drivers
        </label>
        {canReadAssets && (
          <label>
            <input type="radio" checked={target.kind === "asset"} onChange={() => setTarget({ kind: "asset", assetId: null })} /> A vehicle&apos;s current driver
          </label>
        )}
        {canReadAssets && (
          <label>
            <input type="radio" checked={target.kind === "group"} onChange={() => setTarget({ kind: "group", groupId: null })} /> A group&apos;s drivers
          </label>
        )}
        {canReadAssets && (
          <label>
            <input type="radio" checked={target.kind === "tag"} onChange={() => setTarget({ kind: "tag", tagId: null })} /> Drivers tagged …
          </label>
        )}
        {target.kind === "tag" && (
          // the drivers carrying the tag and the current drivers of the vehicles carrying it (docs/messaging.md)
          <select aria-label="Tag" className="rounded border px-2 py-1" value={target.tagId ?? ""} onChange={(e) => setTarget({ kind: "tag", tagId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">Pick a tag</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        )}
        {target.kind === "group" && (
          <select aria-label="Group" className="rounded border px-2 py-1" value={target.groupId ?? ""} onChange={(e) => setTarget({ kind: "group", groupId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">Pick a group</option>
            {groupPaths(groups.data?.data ?? []).map((group) => (
              <option key={group.id} value={group.id}>
                {group.path}
              </option>
            ))}
          </select>
        )}
        {target.kind === "asset" && (
          <select aria-label="Vehicle" className="rounded border px-2 py-1" value={target.assetId ?? ""} onChange={(e) => setTarget({ kind: "asset", assetId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">Pick a vehicle</option>
            {(assets.data?.data ?? []).map((asset: { id: number; name: string }) => (
              <option key={asset.id} value={asset.id}>
                {asset.name}
              </option>
            ))}
          </select>
        )}
      </div>
      <textarea aria-label="Message to send" className="w-full rounded border px-2 py-1 text-sm" rows={2} maxLength={1000} value={body} onChange={(e) => setBody(e.target.value)} />
      <div className="flex items-center gap-2">
        <Button type="submit" busy={send.isPending} disabled={!body.trim()}>
          Send
        </Button>
        {notice && <span className="text-sm text-slate-600" role="status">{notice}</span>}
      </div>
    </form>
  );
}
