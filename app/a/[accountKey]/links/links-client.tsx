"use client";
// Links page: every tracking link of the account, with "New link" for roles that manage them.
import { useState } from "react";
import type { LinkAccount } from "../../../_components/links/link-account";
import { LinksList } from "../../../_components/links/links-list";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { PageHeader } from "../../../_components/ui/page-header";

export function LinksClient({ account }: { account: LinkAccount }) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Links"
        description="Tracking links let passengers and customers follow a vehicle on a page of their own: public or behind an e-mail check, for a time, until the vehicle arrives, or on a weekly schedule."
        actions={account.canManage ? <Button onClick={() => setCreating(true)}>New link</Button> : null}
      />
      <Card>
        <LinksList account={account} creating={creating} onCreatingChange={setCreating} />
      </Card>
    </>
  );
}
