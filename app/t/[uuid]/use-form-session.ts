// The viewer session the link's form is sent with. Usually the tracker's own. A public link opened before its start
// or outside its schedule has none yet (the tracker waits for the window to open before it verifies), yet that is
// when "not riding today" is sent: such a page opens a session of its own, once, the way the tracker would (verify
// with {}), and stores it where the tracker finds it when the window opens. Other access modes ask for the
// viewer's address first, which the page does only once the link opens.
import { useEffect, useState } from "react";
import type { AccessMode, ViewerSessionResponse } from "@/server/modules/tracking-links/tracking-links.schema";
import type { PassengerTracker, Phase } from "./passenger-tracker";
import { verifyViewer } from "./public-tracking-api";
import { saveSession } from "./viewer-session-store";

const FORM_PHASES: ReadonlyArray<Phase["name"]> = ["live", "outside_schedule", "not_started"];
const WAITING_PHASES: ReadonlyArray<Phase["name"]> = ["outside_schedule", "not_started"];

export function useFormSession(tracker: PassengerTracker, uuid: string, mode: AccessMode, phase: Phase["name"]): string | null {
  const own = FORM_PHASES.includes(phase) ? tracker.sessionToken() : null;
  const [opened, setOpened] = useState<string | null>(null);
  const needsOne = own === null && opened === null && mode === "public" && WAITING_PHASES.includes(phase);
  useEffect(() => {
    if (!needsOne) return;
    let current = true;
    void verifyViewer(uuid, {}).then((answer) => {
      if (current && answer.ok && answer.status === 200) setOpened(saveSession(uuid, answer.data as ViewerSessionResponse).token);
    });
    return () => {
      current = false;
    };
  }, [needsOne, uuid]);
  return own ?? (FORM_PHASES.includes(phase) ? opened : null);
}
