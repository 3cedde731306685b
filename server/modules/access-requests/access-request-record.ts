// An access request as read for the dashboard (one `select` for every use) and its DTO.
import type { AccessRequestDto, AccessRequestStatus } from "./access-requests.schema";

export const accessRequestSelect = {
  id: true,
  email: true,
  name: true,
  message: true,
  status: true,
  createdAt: true,
  decidedAt: true,
  link: { select: { id: true, uuid: true, displayName: true } },
  decidedBy: { select: { id: true, name: true } },
} as const;

export interface AccessRequestRecord {
  id: number;
  email: string;
  name: string | null;
  message: string | null;
  status: AccessRequestStatus;
  createdAt: Date;
  decidedAt: Date | null;
  link: { id: number; uuid: string; displayName: string };
  decidedBy: { id: number; name: string } | null;
}

export function toAccessRequestDto(row: AccessRequestRecord): AccessRequestDto {
  return {
    id: row.id,
    link: { id: row.link.id, uuid: row.link.uuid, display_name: row.link.displayName },
    email: row.email,
    name: row.name,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedBy,
  };
}
