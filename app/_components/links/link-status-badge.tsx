// A link's status in words and colour (never colour alone); an expired link says why.
import type { TrackingLinkDto } from "@/server/modules/tracking-links/tracking-links.schema";
import { Badge } from "../ui/badge";
import { EXPIRY_REASON_TEXT, STATUS_TEXT } from "./link-labels";

export function LinkStatusBadge({ link }: { link: Pick<TrackingLinkDto, "status" | "expired_reason"> }) {
  const status = STATUS_TEXT[link.status];
  const reason = link.status === "expired" && link.expired_reason ? `: ${EXPIRY_REASON_TEXT[link.expired_reason]}` : "";
  return (
    <span title={status.meaning}>
      <Badge tone={status.tone}>
        {status.label}
        {reason}
      </Badge>
    </span>
  );
}
