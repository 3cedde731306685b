"use client";
// Invitations to other accounts waiting for the signed-in user (an admin there added their e-mail): accept to become
// a member with the offered role, or decline. Shows nothing when there are none.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ROLE_LABELS } from "@/server/modules/users/roles";
import { describeError, useTRPC } from "./trpc";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";

export function InvitationsBanner() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.accounts.invitations.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.accounts.invitations.queryKey() });
  const accept = useMutation(
    trpc.accounts.acceptInvitation.mutationOptions({
      // a full navigation: the switcher and navigation are rendered by the server
      onSuccess: ({ accountKey }) => window.location.assign(`/a/${accountKey}/dashboard`),
    }),
  );
  const decline = useMutation(trpc.accounts.declineInvitation.mutationOptions({ onSuccess: refresh }));
  const failure = accept.error ?? decline.error;

  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-label="Invitations" className="mb-6 space-y-2">
      {failure ? <Alert>{describeError(failure).message}</Alert> : null}
      {invitations.data.map((invitation) => (
        <div key={invitation.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-blue-50 p-3 ring-1 ring-blue-200">
          <p className="min-w-0 flex-1 text-sm text-blue-950">
            You are invited to <strong>{invitation.account.name}</strong> as {ROLE_LABELS[invitation.role]}.
          </p>
          <Button onClick={() => accept.mutate({ id: invitation.id })} busy={accept.isPending && accept.variables?.id === invitation.id}>
            Accept
          </Button>
          <Button variant="secondary" onClick={() => decline.mutate({ id: invitation.id })} busy={decline.isPending && decline.variables?.id === invitation.id}>
            Decline
          </Button>
        </div>
      ))}
    </section>
  );
}
