// The line above a list that says what the last action did ("Deleted Van 12.") or why the server refused it. Lists
// keep the notice in state (useListNotice) and clear it with null; a success is a status and a refusal an alert, so
// screen readers hear both.
import { Alert } from "./ui/alert";

/** warning: the action went through, but something the user must act on did not (an e-mail that was not sent) */
export type Notice = { tone: "success" | "warning" | "error"; text: string };

export function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <div className="mb-4">
      <Alert tone={notice.tone}>{notice.text}</Alert>
    </div>
  );
}
