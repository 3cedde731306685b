"use client";
// Messaging settings (dispatch roles): the canned replies drivers answer with in one tap, and the SMS fallback
// (off by default): a message the driver's page has not received within N minutes goes out by SMS.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "../../../_components/trpc";
import { Button } from "../../../_components/ui/button";

export function MessagingSettingsPanel({ accountKey }: { accountKey: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canned = useQuery(trpc.messages.cannedReplies.queryOptions({ accountKey }));
  const settings = useQuery(trpc.messages.settings.queryOptions({ accountKey }));
  const [text, setText] = useState("");
  const [minutes, setMinutes] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (canned.data) setText(canned.data.map((r) => `${r.key}: ${r.text}`).join("\n"));
  }, [canned.data]);
  useEffect(() => {
    if (settings.data) setMinutes(settings.data.sms_fallback_minutes?.toString() ?? "");
  }, [settings.data]);
  const saved = () => {
    setNotice("Saved.");
    void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
  };
  const fail = (error: { message: string }) => setNotice(error.message);
  const saveCanned = useMutation(trpc.messages.replaceCannedReplies.mutationOptions({ onSuccess: saved, onError: fail }));
  const saveSettings = useMutation(trpc.messages.updateSettings.mutationOptions({ onSuccess: saved, onError: fail }));
  return (
    <details className="rounded-lg border bg-white p-4">
      <summary className="cursor-pointer font-semibold text-slate-900">Messaging settings</summary>
      <div className="mt-3 space-y-4 text-sm">
        <label className="block">
          Canned replies, one per line as <code>key: text</code> (e.g. <code>on-my-way: On my way</code>)
          <textarea aria-label="Canned replies" className="mt-1 w-full rounded border px-2 py-1 font-mono text-xs" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <Button
          variant="secondary"
          busy={saveCanned.isPending}
          onClick={() => {
            const replies = text
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line) => {
                const at = line.indexOf(":");
                return at < 0 ? { key: line, text: line } : { key: line.slice(0, at).trim(), text: line.slice(at + 1).trim() };
              });
            saveCanned.mutate({ accountKey, replies });
          }}
        >
          Save canned replies
        </Button>
        <label className="block">
          SMS fallback: minutes without delivery before a message goes out by SMS (empty: never)
          <input aria-label="SMS fallback minutes" inputMode="numeric" className="mt-1 block w-32 rounded border px-2 py-1" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </label>
        <Button
          variant="secondary"
          busy={saveSettings.isPending}
          onClick={() => saveSettings.mutate({ accountKey, settings: { sms_fallback_minutes: minutes.trim() ? Number(minutes) : null } })}
        >
          Save SMS fallback
        </Button>
        {notice && <p role="status" className="text-slate-600">{notice}</p>}
      </div>
    </details>
  );
}
