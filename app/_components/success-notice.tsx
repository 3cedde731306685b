// The notice line of a list page whose actions only ever succeed or fail in their dialog, so its message is a plain
// string ("Added Van 12."); null hides it. Lists that also show refusals use NoticeLine with a tone.
import { NoticeLine } from "./notice-line";

export function SuccessNotice({ message }: { message: string | null }) {
  return <NoticeLine notice={message ? { tone: "success", text: message } : null} />;
}
