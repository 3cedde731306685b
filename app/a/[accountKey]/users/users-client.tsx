"use client";
// Members and roles: add a person with a role (an e-mailed link to choose their password, or an initial password),
// resend that link, change roles, remove members. The server keeps at least one admin; its refusal (LAST_ADMIN) is
// shown as is. A member other than an admin can be limited to some asset groups (docs/fleet-records.md "Groups as
// scopes"): the Groups dialog picks them (named by their path, "Depot › Minibuses"), and the list says which.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "@/server/modules/users/roles";
import type { Member } from "@/server/modules/users/users.schema";
import { groupPathMap, groupPaths } from "../../../_components/fleet/group-tree";
import { useAssetGroups } from "../../../_components/fleet/use-fleet-labels";
import { FormDialog } from "../../../_components/form-dialog";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { NoticeLine } from "../../../_components/notice-line";
import { useListNotice } from "../../../_components/use-list-notice";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { EmptyState } from "../../../_components/ui/empty-state";
import { Field } from "../../../_components/ui/field";
import { PageHeader } from "../../../_components/ui/page-header";
import { SelectField } from "../../../_components/ui/select-field";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: `${ROLE_LABELS[role]} — ${ROLE_DESCRIPTIONS[role]}` }));

export function UsersClient({ accountKey, currentUserId }: { accountKey: string; currentUserId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [limiting, setLimiting] = useState<Member | null>(null);
  const removing = useDeleteTarget<Member>();

  const members = useQuery(trpc.users.list.queryOptions({ accountKey }));
  const { groups } = useAssetGroups(accountKey);
  const paths = useMemo(() => groupPathMap(groups), [groups]);
  const rows = members.data ?? [];
  const invitations = useQuery(trpc.users.invitations.queryOptions({ accountKey }));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey({ accountKey }) }),
      queryClient.invalidateQueries({ queryKey: trpc.users.invitations.queryKey({ accountKey }) }),
    ]);
  const list = useListNotice(refresh);
  const withdraw = useMutation(
    trpc.users.withdrawInvitation.mutationOptions({
      onSuccess: () => list.succeeded("Invitation withdrawn."),
      onError: list.failed,
    }),
  );

  const changeRole = useMutation(
    trpc.users.changeRole.mutationOptions({
      onSuccess: async (_result, input) => {
        await list.succeeded("Role changed.");
        // A changed own role changes the navigation (and maybe this page's access).
        if (input.userId === currentUserId) router.refresh();
      },
      onError: async (error) => {
        list.failed(error);
        await refresh(); // puts the select back to the stored role
      },
    }),
  );
  const resend = useMutation(
    trpc.users.resendWelcome.mutationOptions({
      onSuccess: (result, input) => {
        const who = rows.find((member) => member.id === input.userId)?.email ?? "them";
        return list.succeeded(result.mailed ? `A new link to choose a password is on its way to ${who}.` : `The e-mail to ${who} could not be sent. Check the mail settings and try again.`);
      },
      onError: list.failed,
    }),
  );
  const remove = useMutation(
    trpc.users.remove.mutationOptions({
      onSuccess: async (_result, input) => {
        // Removed oneself: this account is gone for us; "/" picks another one or explains.
        if (input.userId === currentUserId) return window.location.assign("/");
        await list.succeeded(`Removed ${removing.target?.name ?? "the member"} from this account.`, removing.close);
      },
    }),
  );

  return (
    <>
      <PageHeader
        title="Users and roles"
        description="Everyone who can sign in to this account, and what their role lets them do."
        actions={<Button onClick={() => setAdding(true)}>Add user</Button>}
      />
      <NoticeLine notice={list.notice} />
      <ListCard
        query={members}
        what="members"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No members" action={<Button onClick={() => setAdding(true)}>Add user</Button>}>
            Add the people who work with this fleet and give each a role.
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-100">
          {rows.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">
                  {member.name} {member.id === currentUserId ? <Badge tone="blue">You</Badge> : null}{" "}
                  {member.awaitingPassword ? <Badge tone="amber">Has not chosen a password yet</Badge> : !member.canSignIn ? <Badge>API service user</Badge> : null}
                </p>
                <p className="truncate text-sm text-slate-500">{member.email}</p>
                {member.groupIds !== null ? (
                  <p className="text-sm text-slate-700" data-testid="member-groups">
                    Sees only{" "}
                    {member.groupIds.length === 0
                      ? "no vehicles (no group chosen)"
                      : member.groupIds
                          .map((id) => paths.get(id) ?? `group ${id}`)
                          .sort((a, b) => a.localeCompare(b))
                          .join(", ")}
                  </p>
                ) : null}
              </div>
              <label className="sr-only" htmlFor={`role-${member.id}`}>
                Role of {member.name}
              </label>
              <select
                id={`role-${member.id}`}
                value={member.role}
                disabled={changeRole.isPending}
                onChange={(event) => {
                  list.setNotice(null);
                  changeRole.mutate({ accountKey, userId: member.id, role: event.target.value as Role });
                }}
                className="rounded-md border-0 bg-white py-2 pl-2 pr-8 text-sm ring-1 ring-inset ring-slate-300"
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
              {member.awaitingPassword ? (
                <Button
                  variant="secondary"
                  aria-label={`Resend the invitation e-mail to ${member.name}`}
                  busy={resend.isPending && resend.variables?.userId === member.id}
                  onClick={() => resend.mutate({ accountKey, userId: member.id })}
                >
                  Resend invitation
                </Button>
              ) : null}
              {member.role !== "admin" ? (
                <Button variant="secondary" aria-label={`Groups of ${member.name}`} onClick={() => setLimiting(member)}>
                  {member.groupIds === null ? "Whole fleet" : `${member.groupIds.length} group${member.groupIds.length === 1 ? "" : "s"}`}
                </Button>
              ) : null}
              <Button
                variant="danger-ghost"
                aria-label={`Remove ${member.name}`}
                onClick={() => removing.choose(member, remove)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </ListCard>

      {invitations.data && invitations.data.length > 0 ? (
        <Card title="Invitations waiting for an answer" className="mt-6">
          <ul className="divide-y divide-slate-100">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                  <p className="text-sm text-slate-500">Invited as {ROLE_LABELS[invitation.role]}</p>
                </div>
                <Button
                  variant="danger-ghost"
                  aria-label={`Withdraw the invitation of ${invitation.email}`}
                  busy={withdraw.isPending && withdraw.variables?.id === invitation.id}
                  onClick={() => withdraw.mutate({ accountKey, id: invitation.id })}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card title="What each role can do" className="mt-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {ROLES.map((role) => (
            <div key={role}>
              <dt className="font-medium text-slate-900">{ROLE_LABELS[role]}</dt>
              <dd className="text-slate-600">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </Card>

      {limiting ? (
        <GroupLimitDialog
          accountKey={accountKey}
          member={limiting}
          onDone={() => list.succeeded(`Groups of ${limiting.name} saved.`)}
          onClose={() => setLimiting(null)}
        />
      ) : null}
      {adding ? (
        <AddUserDialog
          accountKey={accountKey}
          onClose={() => setAdding(false)}
          onAdded={(message) => list.succeeded(message, () => setAdding(false))}
        />
      ) : null}

      <DeleteDialog
        target={removing.target}
        title="Remove member?"
        confirmLabel="Remove member"
        mutation={remove}
        onClose={removing.close}
        onConfirm={(row) => remove.mutate({ accountKey, userId: row.id })}
      >
        <p>
          <strong>{removing.target?.name}</strong> ({removing.target?.email}) will lose access to this account. API keys acting as
          them stop working. Their sign-in for other accounts is kept.
        </p>
      </DeleteDialog>
    </>
  );
}

function AddUserDialog({ accountKey, onClose, onAdded }: { accountKey: string; onClose: () => void; onAdded: (text: string) => void | Promise<void> }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.users.create.mutationOptions());
  const failure = create.error ? describeError(create.error) : null;
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [access, setAccess] = useState<"email" | "password">("email");
  const errors = { ...(failure?.fields ?? {}), ...localErrors };

  async function submit(form: FormData) {
    const input = {
      accountKey,
      name: String(form.get("name") ?? "").trim(),
      email: String(form.get("email") ?? "").trim(),
      role: String(form.get("role") ?? "viewer") as Role,
      ...(access === "password" ? { password: String(form.get("password") ?? "") } : {}),
    };
    const missing: Record<string, string> = {};
    if (!input.name) missing.name = "Enter the person's name.";
    if (!input.email) missing.email = "Enter their e-mail address.";
    if (access === "password" && !input.password) missing.password = "Choose an initial password (at least 8 characters).";
    setLocalErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const result = await create.mutateAsync(input);
    const unsent = result.mailed ? "" : " The e-mail could not be sent: check the mail settings, then use Resend invitation.";
    await onAdded(
      result.invited
        ? `${input.email} already signs in to Fleetline: they are invited as ${ROLE_LABELS[input.role]} and become a member once they accept in their dashboard.${result.mailed ? " An e-mail tells them." : ""}`
        : access === "email"
          ? `Added ${input.name} as ${ROLE_LABELS[input.role]}.${result.mailed ? ` An e-mail with a link to choose their password is on its way to ${input.email}; it works for 7 days.` : unsent}`
          : `Added ${input.name} as ${ROLE_LABELS[input.role]}.`,
    );
  }

  return (
    <FormDialog title="Add user" submitLabel="Add user" busy={create.isPending} failure={failure} formClassName="space-y-4" onSubmit={submit} onClose={onClose}>
      <Field label="Name" name="name" autoComplete="off" error={errors.name} />
      <Field label="E-mail" name="email" type="email" autoComplete="off" error={errors.email} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">How they get in</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="access" value="email" checked={access === "email"} onChange={() => setAccess("email")} className="mt-1" />
          <span>E-mail them a link to choose their own password (recommended)</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="access" value="password" checked={access === "password"} onChange={() => setAccess("password")} className="mt-1" />
          <span>Set an initial password and give it to them myself</span>
        </label>
      </fieldset>
      {access === "password" ? (
        <Field
          label="Initial password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint="Give it to them securely. Somebody who already signs in to Fleetline is invited instead, and keeps their own password."
        />
      ) : null}
      <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue="viewer" error={errors.role} />
    </FormDialog>
  );
}

/** Which groups a member sees: the whole fleet, or the chosen groups with their subgroups. */
function GroupLimitDialog({ accountKey, member, onDone, onClose }: { accountKey: string; member: Member; onDone: () => Promise<unknown>; onClose: () => void }) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.assetGroups.list.queryOptions({ accountKey, limit: 500 }));
  const [limited, setLimited] = useState(member.groupIds !== null);
  const save = useMutation(trpc.users.setGroups.mutationOptions({ onSuccess: async () => { await onDone(); onClose(); } }));
  return (
    <FormDialog
      title={`Groups of ${member.name}`}
      submitLabel="Save"
      busy={save.isPending}
      submitDisabled={groups.isLoading}
      failure={describeError(save.error)}
      formClassName="grid grid-cols-1 gap-3"
      onSubmit={(form) =>
        save.mutateAsync({ accountKey, userId: member.id, groupIds: limited ? form.getAll("group").map(Number) : null })
      }
      onClose={onClose}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={!limited} onChange={(event) => setLimited(!event.target.checked)} />
        Whole fleet (every vehicle of the account)
      </label>
      {limited ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm text-slate-600">Only the vehicles of these groups and their subgroups:</legend>
          {groupPaths(groups.data?.data ?? []).map((group) => (
            <label key={group.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="group" value={group.id} defaultChecked={member.groupIds?.includes(group.id) ?? false} />
              {group.path}
            </label>
          ))}
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
