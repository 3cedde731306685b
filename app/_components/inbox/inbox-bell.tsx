"use client";
// The in-app inbox's bell (docs/notifications-inbox.md): the unread count, a list of the newest notifications with
// mark read and mark all read, each linking to what it is about. Live over the user's private channel; while that is
// down (WebSockets blocked, server restarting) the count and list are polled every 30 seconds.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useTRPC } from "../trpc";
import { useDates } from "../ui/viewer-time-zone";
import { userChannel } from "@/server/modules/notifications/inbox/user-channel-name";
import { openPrivateFeed } from "../realtime/private-feed";

export const INBOX_POLL_MS = 30_000;

export function InboxBell({ accountKey, accountId, userId }: { accountKey: string; accountId: number; userId: number }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [live, setLive] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const poll = live ? false : INBOX_POLL_MS;
  const count = useQuery({ ...trpc.inbox.unreadCount.queryOptions({ accountKey }), refetchInterval: poll });
  const list = useQuery({ ...trpc.inbox.list.queryOptions({ accountKey, limit: 20 }), enabled: open, refetchInterval: open ? poll : false });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.inbox.unreadCount.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.inbox.list.queryKey() }),
    ]);
  const markRead = useMutation(trpc.inbox.markRead.mutationOptions({ onSuccess: refresh }));
  const markAll = useMutation(trpc.inbox.markAllRead.mutationOptions({ onSuccess: refresh }));

  useEffect(
    () =>
      openPrivateFeed(userChannel(userId), {
        onLive: (up) => {
          setLive(up);
          if (up) void refresh(); // whatever arrived while the socket was down
        },
        onEvent: (_event, data) => {
          // the channel carries the user's notifications in every account: only this account's change this bell
          if ((data as { accountId?: number } | null)?.accountId === accountId) void refresh();
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userId, accountId],
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  const unread = count.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications, none unread";
  return (
    <div ref={root} className="relative" data-live={live ? "true" : "false"}>
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-full p-2 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span aria-hidden data-testid="inbox-count" className="absolute -top-1 -right-1 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={panelId} aria-label="Notifications" className="absolute right-0 z-20 mt-2 w-80 rounded-lg bg-white shadow-lg ring-1 ring-slate-200">
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate({ accountKey })}
              className="text-xs font-medium text-blue-700 hover:underline disabled:text-slate-400 disabled:no-underline"
            >
              Mark all read
            </button>
          </div>
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {list.data?.items.length === 0 ? <li className="px-3 py-4 text-sm text-slate-500">Nothing here yet.</li> : null}
            {list.data?.items.map((item) => (
              <li key={item.id} className={`px-3 py-2 text-sm ${item.read ? "" : "bg-blue-50"}`}>
                <div className="flex items-start justify-between gap-2">
                  {item.link ? (
                    <Link
                      href={item.link}
                      onClick={() => {
                        if (!item.read) markRead.mutate({ accountKey, ids: [item.id] });
                        setOpen(false);
                      }}
                      className="font-medium text-slate-900 hover:underline"
                    >
                      {item.title}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{item.title}</span>
                  )}
                  {item.read ? null : (
                    <button
                      type="button"
                      aria-label={`Mark "${item.title}" read`}
                      onClick={() => markRead.mutate({ accountKey, ids: [item.id] })}
                      className="shrink-0 text-xs text-blue-700 hover:underline"
                    >
                      Mark read
                    </button>
                  )}
                </div>
                {item.body ? <p className="text-slate-600">{item.body}</p> : null}
                <p className="text-xs text-slate-500">{dates.dateTime(item.createdAt)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
