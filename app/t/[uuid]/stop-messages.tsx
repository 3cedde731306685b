"use client";
// "Stop messages" on a passenger's own link: the promise every welcome message makes (welcome-message.ts). One tap
// asks to confirm, the second stops them (POST .../opt-out with the viewer session); the page then says so. A passenger
// who stopped them before sees that instead. Other links show nothing.
import { useState } from "react";
import { STOP_MESSAGES_LABEL } from "@/server/modules/passengers/passengers.schema";
import { stopMessages } from "./public-tracking-api";

type Step = { name: "offer" } | { name: "confirm" } | { name: "busy" } | { name: "stopped" } | { name: "failed"; message: string };

const BUTTON =
  "min-h-11 rounded-lg px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60";

export function StopMessages({
  uuid,
  token,
  optedOut,
  company,
}: {
  uuid: string;
  token: string | null;
  optedOut: boolean;
  company: string | null;
}) {
  const [step, setStep] = useState<Step>(optedOut ? { name: "stopped" } : { name: "offer" });
  // empty when the account named no company
  const sender = company || "the transport team";

  async function stop() {
    if (!token) return;
    setStep({ name: "busy" });
    const answer = await stopMessages(uuid, token);
    setStep(answer.ok ? { name: "stopped" } : { name: "failed", message: answer.message });
  }

  return (
    <section aria-labelledby="passenger-messages" className="mt-4 border-t border-slate-200 pt-3" data-testid="stop-messages">
      <h2 id="passenger-messages" className="text-sm font-semibold text-slate-900">
        Messages
      </h2>
      <div role="status" aria-live="polite" className="mt-1 text-sm text-slate-700">
        {step.name === "stopped" ? (
          <p>You will get no more messages from {sender}. This link no longer shows the vehicle.</p>
        ) : step.name === "confirm" ? (
          <p>Stop messages from {sender} about this route? This link will then no longer show the vehicle.</p>
        ) : step.name === "failed" ? (
          <p className="text-red-800">{step.message}</p>
        ) : (
          <p>{sender} sent you this link. You can stop its messages at any time.</p>
        )}
      </div>
      {step.name === "stopped" ? null : (
        <div className="mt-2 flex flex-wrap gap-2">
          {step.name === "confirm" || step.name === "busy" ? (
            <>
              <button type="button" className={`${BUTTON} text-slate-900`} disabled={step.name === "busy" || !token} onClick={() => void stop()}>
                {step.name === "busy" ? "Stopping…" : `Yes, ${STOP_MESSAGES_LABEL.toLowerCase()}`}
              </button>
              <button type="button" className={`${BUTTON} text-slate-700`} disabled={step.name === "busy"} onClick={() => setStep({ name: "offer" })}>
                Keep them
              </button>
            </>
          ) : (
            <button type="button" className={`${BUTTON} text-slate-900`} disabled={!token} onClick={() => setStep({ name: "confirm" })}>
              {STOP_MESSAGES_LABEL}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
