"use client";
// Every account of the platform with its plan and add-ons, members and assets. Changing a plan takes effect at once:
// open live streams are granted again and the evaluators reload the account.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PlatformAccount } from "@/server/modules/accounts/list-all-accounts";
import { ACTIONS_COLUMN, DataTable, type Column } from "../../../_components/data-table";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { SuccessNotice } from "../../../_components/success-notice";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { EmptyState } from "../../../_components/ui/empty-state";
import { PageHeader } from "../../../_components/ui/page-header";
import { SelectField } from "../../../_components/ui/select-field";

const COLUMNS: Column[] = [
  { label: "Account" },
  { label: "Plan" },
  { label: "Add-ons", className: "hidden sm:table-cell" },
  { label: "Members", className: "hidden md:table-cell text-right" },
  { label: "Assets", className: "hidden md:table-cell text-right" },
  ACTIONS_COLUMN,
];

const ADDONS = [
  { value: "mobility", label: "Mobility (vehicle health)" },
  { value: "driver", label: "Driver (driver behaviour)" },
] as const;

export function PlatformAccountsClient() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.platform.accounts.queryOptions());
  const [editing, setEditing] = useState<PlatformAccount | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = accounts.data ?? [];

  return (
    <>
      <PageHeader
        title="Platform accounts"
        description="Every account on this platform. A plan or add-on change reaches the account's live streams and alerts at once."
      />
      <SuccessNotice message={notice} />
      <ListCard query={accounts} what="accounts" isEmpty={rows.length === 0} empty={<EmptyState title="No accounts yet">Create one with fleet account create.</EmptyState>}>
        <DataTable caption="Accounts" columns={COLUMNS}>
          {rows.map((account) => (
            <tr key={account.id}>
              <td className="px-4 py-3">
                <span className="block font-medium text-slate-900">{account.name}</span>
                <span className="block font-mono text-xs text-slate-500">{account.key}</span>
              </td>
              <td className="px-4 py-3">
                <Badge tone={account.plan === "detailed" ? "blue" : "slate"}>{account.plan}</Badge>
              </td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{account.addons.length > 0 ? account.addons.join(", ") : "—"}</td>
              <td className="hidden px-4 py-3 text-right tabular-nums text-slate-700 md:table-cell">{account.members}</td>
              <td className="hidden px-4 py-3 text-right tabular-nums text-slate-700 md:table-cell">{account.assets}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                <Button variant="secondary" aria-label={`Change the plan of ${account.name}`} onClick={() => setEditing(account)}>
                  Change plan
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {editing ? (
        <PlanDialog
          account={editing}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            setEditing(null);
            setNotice(message);
            await queryClient.invalidateQueries({ queryKey: trpc.platform.pathKey() });
          }}
        />
      ) : null}
    </>
  );
}

function PlanDialog({ account, onClose, onSaved }: { account: PlatformAccount; onClose: () => void; onSaved: (message: string) => Promise<void> }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.platform.updatePlan.mutationOptions());
  const failure = update.error ? describeError(update.error) : null;

  async function submit(form: FormData) {
    const saved = await update.mutateAsync({ accountId: account.id, plan: String(form.get("plan")), addons: form.getAll("addons").map(String) });
    await onSaved(`${saved.name} is on the ${saved.plan} plan${saved.addons.length > 0 ? ` with ${saved.addons.join(" and ")}` : ""}.`);
  }

  return (
    <FormDialog title={`Plan of ${account.name}`} submitLabel="Save plan" busy={update.isPending} failure={failure} onSubmit={submit} onClose={onClose} formClassName="space-y-4">
      <SelectField
        label="Plan"
        name="plan"
        defaultValue={account.plan}
        options={[
          { value: "standard", label: "Standard" },
          { value: "detailed", label: "Detailed (full live records, alerts)" },
        ]}
        error={failure?.fields.plan}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Add-ons</legend>
        <div className="space-y-2">
          {ADDONS.map((addon) => (
            <label key={addon.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="addons" value={addon.value} defaultChecked={account.addons.includes(addon.value)} className="h-4 w-4" />
              {addon.label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-500">Add-ons take effect on the detailed plan.</p>
      </fieldset>
    </FormDialog>
  );
}
