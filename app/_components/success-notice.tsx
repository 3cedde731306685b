// The line above a list page's card that says what the last action did ("Added Van 12."). Pages keep the message
// in state and clear it by setting null; the notice is a status, so screen readers hear it.
import { Alert } from "./ui/alert";

export function SuccessNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="mb-4">
      <Alert tone="success">{message}</Alert>
    </div>
  );
}
