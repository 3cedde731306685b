// Whose report jobs a caller sees. A job's file holds whatever assets it was made for, so a member limited to some
// groups (docs/fleet-records.md "Groups as scopes") sees only the jobs they asked for themselves (`createdBy`:
// user:<id> from the dashboard, oauth:<client_id> over REST); everyone else sees the account's jobs.
import { type AssetScope, isLimited } from "../../asset-scope/asset-scope";

/** a where clause on report jobs: the caller's own when limited, else none */
export function reportJobOwnerWhere(scope: AssetScope | undefined, createdBy: string): { createdBy?: string } {
  return scope && isLimited(scope) ? { createdBy } : {};
}
