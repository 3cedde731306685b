// The member.changed fact: a member's role changed or they were removed from an account. Others cache what a member
// may do (the OAuth client lookup, verified API keys) and must drop it at once, but users must not call them (they
// read roles from users, so that would be a cycle). So users publishes the fact and the caches listen: on the hub for
// every other process, and through the listeners here for this one, which run before publishMemberChange returns,
// so the change applies at once even in a process without a hub (the CLI, tests) and without waiting on Redis.
import { announce } from "../../announce";
import type { HubEvents } from "../../hub";
import { log } from "../../log";

export type MemberChange = HubEvents["member.changed"];
type Listener = (change: MemberChange) => void;

// On globalThis: the custom server and the Next.js bundle load separate copies of this module (stack.md trap 10),
// and a change made in one copy must reach the caches either copy filled.
const store = globalThis as unknown as { __fleetlineMemberChangeListeners?: Set<Listener> };
const listeners = (store.__fleetlineMemberChangeListeners ??= new Set());

/** Calls `listener` on every member change made in this process. Adding the same function twice adds it once. */
export function onMemberChange(listener: Listener): void {
  listeners.add(listener);
}

/** Tells this process's listeners at once, then every other process through the hub. Called after committing. */
export async function publishMemberChange(change: MemberChange): Promise<void> {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      // the change is committed; a cache that failed to drop an entry still expires on its own
      log("users").error({ err: error, accountId: change.accountId, userId: change.userId }, "a member.changed listener failed");
    }
  }
  await announce("member.changed", change);
}
