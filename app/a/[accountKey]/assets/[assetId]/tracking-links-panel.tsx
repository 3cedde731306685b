"use client";
// The asset page's tracking links: this vehicle's links, and "New link" for it (roles with links.manage).
import { useState } from "react";
import type { LinkAccount } from "../../../../_components/links/link-account";
import { LinksList } from "../../../../_components/links/links-list";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";

export function TrackingLinksPanel({ account, vehicle }: { account: LinkAccount; vehicle: { id: number; name: string } }) {
  const [creating, setCreating] = useState(false);
  return (
    <Card
      title="Tracking links"
      actions={
        account.canManage ? (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            New link
          </Button>
        ) : null
      }
    >
      <LinksList account={account} vehicle={vehicle} creating={creating} onCreatingChange={setCreating} />
    </Card>
  );
}
