"use client";
// The import page: the import wizard, the job history, and connected spreadsheets, one card each.
import { useState } from "react";
import { ImportHistory } from "../../../_components/imports/import-history";
import { ImportWizard } from "../../../_components/imports/import-wizard";
import { SpreadsheetSources } from "../../../_components/imports/spreadsheet-sources";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { PageHeader } from "../../../_components/ui/page-header";

export function ImportsClient({ accountKey }: { accountKey: string }) {
  const [connecting, setConnecting] = useState(false);
  return (
    <>
      <PageHeader
        title="Imports"
        description="Routes with their stops, daily runs and passengers from a spreadsheet. Nothing is written until you have seen the preview; an import never messages anyone."
      />
      <Card title="Import a sheet">
        <ImportWizard accountKey={accountKey} />
      </Card>
      <Card title="History" className="mt-6">
        <ImportHistory accountKey={accountKey} />
      </Card>
      <Card title="Connected spreadsheets" className="mt-6" actions={<Button onClick={() => setConnecting(true)}>Connect a spreadsheet</Button>}>
        <SpreadsheetSources accountKey={accountKey} connecting={connecting} onCloseConnect={() => setConnecting(false)} />
      </Card>
    </>
  );
}
