"use client";
// The driver page's client part: sign-in (the link's token from the URL fragment, else login + PIN), then the
// conversation. New messages come over the driver's private channel when WebSockets work (driver-channel.ts) and by
// polling every few seconds regardless, so a blocked socket only makes them a little slower. Dispatch messages
// shown while the page is visible are marked read.
import { useCallback, useEffect, useRef, useState } from "react";
import { driverChannel, DRIVER_MESSAGE_EVENT } from "@/server/modules/messages/driver-channel-name";
import type { MessageDto } from "@/server/modules/messages/messages.schema";
import { openPrivateFeed } from "../../_components/realtime/private-feed";
import { useDates } from "../../_components/ui/viewer-time-zone";
import { type Conversation, DriverApiError, driverApi } from "./driver-api";

const POLL_MS = 5000;
const STATUS_LABEL: Record<MessageDto["status"], string> = { queued: "Queued", sent: "Sent", delivered: "Delivered", read: "Read" };


export function DriverPageClient({ accountKey, accountName }: { accountKey: string; accountName: string }) {
  const [state, setState] = useState<"loading" | "signed-out" | "signed-in">("loading");
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const readUpTo = useRef(0);

  const refresh = useCallback(async () => {
    try {
      const next = await driverApi.conversation();
      setConversation(next);
      setState("signed-in");
    } catch (e) {
      if (e instanceof DriverApiError && e.status === 401) setState("signed-out");
    }
  }, []);

  // sign in with the link's token (in the fragment: never sent to a server or a referrer), then load
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
    void (async () => {
      if (token) {
        history.replaceState(null, "", window.location.pathname);
        try {
          await driverApi.signInWithToken(accountKey, token);
        } catch (e) {
          setError(e instanceof Error ? e.message : "Sign-in failed");
        }
      }
      await refresh();
    })();
  }, [accountKey, refresh]);

  // polling: always on while signed in (the channel makes it faster, never required)
  useEffect(() => {
    if (state !== "signed-in") return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [state, refresh]);

  // the live channel: any event is a cue to read the conversation again
  useEffect(() => {
    if (state !== "signed-in" || !conversation) return;
    // any "message.changed" is a cue to read the conversation again (which also records "delivered"); so is being
    // subscribed, for whatever was sent while the socket was being set up
    return openPrivateFeed(driverChannel(conversation.driver.id), {
      onEvent: (event) => event === DRIVER_MESSAGE_EVENT && void refresh(),
      onLive: (up) => {
        setLive(up);
        if (up) void refresh();
      },
    });
    // the channel follows the driver, not each new conversation object
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, conversation?.driver.id, refresh]);

  // read receipts: dispatch messages on screen while the page is visible
  useEffect(() => {
    if (!conversation || document.visibilityState !== "visible") return;
    const newest = conversation.messages.filter((m) => m.direction === "to_driver" && m.status !== "read").at(-1);
    if (newest && newest.id > readUpTo.current) {
      readUpTo.current = newest.id;
      void driverApi.receipt(newest.id, "read").then(() => refresh());
    }
  }, [conversation, refresh]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && void refresh();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refresh]);

  if (state === "loading") return <main className="p-4 text-sm text-slate-500">Loading…</main>;
  if (state === "signed-out") return <PinSignIn accountKey={accountKey} accountName={accountName} initialError={error} onSignedIn={refresh} />;
  return (
    <main className="mx-auto flex h-dvh max-w-xl flex-col bg-slate-50">
      <header className="flex items-center justify-between border-b bg-white px-3 py-2">
        <div>
          <h1 className="text-base font-semibold">{accountName}</h1>
          <p className="text-xs text-slate-500" data-testid="driver-name">
            {conversation?.driver.name} · {live ? "live" : "checking every few seconds"}
          </p>
        </div>
        <button className="text-sm text-slate-600 underline" onClick={() => void driverApi.signOut().then(() => setState("signed-out"))}>
          Sign out
        </button>
      </header>
      <MessageList messages={conversation?.messages ?? []} />
      <ReplyBox canned={conversation?.canned_replies ?? []} onSent={refresh} />
    </main>
  );
}

function MessageList({ messages }: { messages: MessageDto[] }) {
  const dates = useDates();
  const end = useRef<HTMLLIElement>(null);
  // braces: newer browsers' scrollIntoView returns a promise, which React would take for a clean-up function
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);
  if (messages.length === 0) return <p className="flex-1 p-4 text-sm text-slate-500">No messages yet.</p>;
  return (
    <ol className="flex-1 space-y-2 overflow-y-auto p-3" aria-label="Conversation">
      {messages.map((m) => {
        const mine = m.direction === "from_driver";
        return (
          <li key={m.id} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="driver-message" data-direction={m.direction} data-status={m.status}>
            <div className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-blue-600 text-white" : "border bg-white text-slate-900"}`}>
              <p className="whitespace-pre-wrap break-words">{m.body}</p>
              <p className={`mt-1 text-[11px] ${mine ? "text-blue-100" : "text-slate-400"}`}>
                {dates.time(m.created_at)}
                {mine && ` · ${STATUS_LABEL[m.status]}`}
              </p>
            </div>
          </li>
        );
      })}
      <li ref={end} aria-hidden />
    </ol>
  );
}

function ReplyBox({ canned, onSent }: { canned: { key: string; text: string }[]; onSent: () => Promise<void> }) {
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (reply: { body: string } | { canned_reply_key: string }) => {
    setBusy(true);
    setError(null);
    try {
      await driverApi.reply(reply);
      if ("body" in reply) setBody("");
      await onSent();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Not sent");
    } finally {
      setBusy(false);
    }
  };
  return (
    <footer className="border-t bg-white p-2">
      {canned.length > 0 && (
        <div className="mb-2 flex flex-wrap gap-1" aria-label="Quick replies">
          {canned.map((reply) => (
            <button key={reply.key} disabled={busy} className="rounded-full border px-3 py-1 text-xs" onClick={() => void send({ canned_reply_key: reply.key })}>
              {reply.text}
            </button>
          ))}
        </div>
      )}
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim()) void send({ body });
        }}
      >
        <textarea
          aria-label="Reply"
          className="min-w-0 flex-1 resize-none rounded border px-2 py-1 text-sm"
          rows={2}
          maxLength={1000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <button type="submit" disabled={busy || !body.trim()} className="rounded bg-blue-600 px-3 text-sm font-medium text-white disabled:opacity-50">
          Send
        </button>
      </form>
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </footer>
  );
}

function PinSignIn(props: { accountKey: string; accountName: string; initialError: string | null; onSignedIn: () => Promise<void> }) {
  const [login, setLogin] = useState("");
  const [pin, setPin] = useState("");
  const [error, setError] = useState(props.initialError);
  const [busy, setBusy] = useState(false);
  return (
    <main className="mx-auto max-w-sm p-4">
      <h1 className="text-lg font-semibold">{props.accountName}</h1>
      <p className="mt-1 text-sm text-slate-600">Open the sign-in link dispatch sent you, or sign in with your PIN.</p>
      <form
        className="mt-4 space-y-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await driverApi.signInWithPin(props.accountKey, login, pin);
            await props.onSignedIn();
          } catch (e) {
            setError(e instanceof Error ? e.message : "Sign-in failed");
          } finally {
            setBusy(false);
          }
        }}
      >
        <label className="block text-sm">
          Phone number or e-mail
          <input className="mt-1 w-full rounded border px-2 py-2" autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} />
        </label>
        <label className="block text-sm">
          PIN
          <input className="mt-1 w-full rounded border px-2 py-2" inputMode="numeric" autoComplete="current-password" type="password" value={pin} onChange={(e) => setPin(e.target.value)} />
        </label>
        <button type="submit" disabled={busy} className="w-full rounded bg-blue-600 py-2 text-sm font-medium text-white disabled:opacity-50">
          Sign in
        </button>
        {error && <p className="text-sm text-red-600" role="alert">{error}</p>}
      </form>
    </main>
  );
}
