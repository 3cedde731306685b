// Per-account quotas: how many of each resource one account may hold, so that one tenant (or one leaked key in a
// loop) cannot grow the tables, the alert evaluator's work or the link scheduler's without bound. Generous: far above
// what a real fleet uses, low enough to stop a runaway script. Reaching one is 422 QUOTA_EXCEEDED naming the
// resource, the cap and the current count (a quota is a state of the account, not a rate: waiting does not help,
// deleting does). Webhooks keep the code they have had since their cap was introduced, WEBHOOK_LIMIT_REACHED.
// docs/api.md "Quotas" lists them.
//
// Taken inside the create's transaction, under a transaction-scoped advisory lock per account and resource, so two
// creates at once cannot both take the last place (and nothing else about the account is locked).
import type { Prisma } from "../../generated/prisma/client";
import { AppError, type ErrorCode } from "../../errors";

export const ACCOUNT_QUOTAS = {
  /** alert rules (every rule, enabled or not) */
  alert_rules: 1_000,
  geofences: 1_000,
  /** OAuth clients not revoked */
  oauth_clients: 50,
  /** API keys not revoked */
  api_keys: 100,
  /** tracking links, active or ended, other than passengers' own links (one per passenger, made by send-welcome) */
  tracking_links: 10_000,
  webhooks: 20,
  asset_groups: 1_000,
  tags: 1_000,
  /** asset photos, all assets together (one asset holds at most 100: asset-photos.schema.ts) */
  asset_photos: 10_000,
  service_reminders: 10_000,
  /** service entries: a log, so a larger cap (years of services for a large fleet) */
  service_entries: 200_000,
  renewal_reminders: 10_000,
} as const;

export type QuotaResource = keyof typeof ACCOUNT_QUOTAS;

/** how the message names each resource, and what frees a place */
const WORDING: Record<QuotaResource, { label: string; free: "delete" | "revoke" }> = {
  alert_rules: { label: "alert rules", free: "delete" },
  geofences: { label: "geofences", free: "delete" },
  oauth_clients: { label: "OAuth clients", free: "revoke" },
  api_keys: { label: "API keys", free: "revoke" },
  tracking_links: { label: "tracking links", free: "delete" },
  webhooks: { label: "webhooks", free: "delete" },
  asset_groups: { label: "asset groups", free: "delete" },
  tags: { label: "tags", free: "delete" },
  asset_photos: { label: "asset photos", free: "delete" },
  service_reminders: { label: "service reminders", free: "delete" },
  service_entries: { label: "service entries", free: "delete" },
  renewal_reminders: { label: "renewal reminders", free: "delete" },
};

const COUNTS: Record<QuotaResource, (tx: Prisma.TransactionClient, accountId: number) => Promise<number>> = {
  alert_rules: (tx, accountId) => tx.alertRule.count({ where: { accountId } }),
  geofences: (tx, accountId) => tx.geofence.count({ where: { accountId } }),
  oauth_clients: (tx, accountId) => tx.oAuthClient.count({ where: { accountId, revokedAt: null } }),
  api_keys: (tx, accountId) => tx.apiKey.count({ where: { accountId, revokedAt: null } }),
  tracking_links: (tx, accountId) => tx.trackingLink.count({ where: { accountId, passengerId: null } }),
  webhooks: (tx, accountId) => tx.webhook.count({ where: { accountId } }),
  asset_groups: (tx, accountId) => tx.assetGroup.count({ where: { accountId } }),
  tags: (tx, accountId) => tx.tag.count({ where: { accountId } }),
  asset_photos: (tx, accountId) => tx.assetPhoto.count({ where: { accountId } }),
  service_reminders: (tx, accountId) => tx.serviceReminder.count({ where: { accountId } }),
  service_entries: (tx, accountId) => tx.serviceEntry.count({ where: { accountId } }),
  renewal_reminders: (tx, accountId) => tx.renewalReminder.count({ where: { accountId } }),
};

/** The refusal at a cap: 422 with `quota` in the REST body (docs/api.md "Quotas"). */
export class QuotaExceededError extends AppError {
  readonly quota: { resource: QuotaResource; limit: number; count: number };

  constructor(resource: QuotaResource, limit: number, count: number) {
    const code: ErrorCode = resource === "webhooks" ? "WEBHOOK_LIMIT_REACHED" : "QUOTA_EXCEEDED";
    const { label, free } = WORDING[resource];
    super(
      code,
      `An account can have at most ${limit.toLocaleString("en")} ${label} and this one has ${count.toLocaleString("en")}; ` +
        `${free} ${label} it no longer uses first.`,
    );
    this.quota = { resource, limit, count };
  }
}

const store = globalThis as unknown as { __fleetlineQuotaOverrides?: Partial<Record<QuotaResource, number>> };

export function accountQuota(resource: QuotaResource): number {
  return store.__fleetlineQuotaOverrides?.[resource] ?? ACCOUNT_QUOTAS[resource];
}

/** Tests only: lower caps so that a test reaches them with a few rows; undefined restores the constants. */
export function setAccountQuotas(overrides: Partial<Record<QuotaResource, number>> | undefined): void {
  store.__fleetlineQuotaOverrides = overrides;
}

/**
 * Inside the create's transaction, before the insert: ACCOUNT_NOT_FOUND for an unknown account, QuotaExceededError
 * when the account already holds its cap of `resource`. The lock is held until the transaction ends, so a
 * concurrent create of the same resource in the same account counts after this one's insert.
 */
export async function takeAccountQuota(tx: Prisma.TransactionClient, accountId: number, resource: QuotaResource): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`fleetline.quota.${resource}`}), ${accountId}::int)) AS lock`;
  const account = await tx.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "Account not found.");
  const count = await COUNTS[resource](tx, accountId);
  const limit = accountQuota(resource);
  if (count >= limit) throw new QuotaExceededError(resource, limit, count);
}
